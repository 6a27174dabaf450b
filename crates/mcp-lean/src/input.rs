//! Reading a `FILE|-` argument: a path, or standard input for `-`.

use std::io::Read;

/// A text input with the name to show in messages (`<stdin>` for `-`).
#[derive(Debug)]
pub(crate) struct Input {
    pub(crate) name: String,
    pub(crate) text: String,
}

/// Reads `path`, or standard input when `path` is `-`.
///
/// # Errors
///
/// Returns a message that names the file and says what went wrong, ready to print.
pub(crate) fn read(path: &str) -> Result<Input, String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        return Ok(Input {
            name: "<stdin>".to_owned(),
            text,
        });
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{path} is not UTF-8 text (invalid byte at offset {}); convert it to UTF-8",
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok(Input {
        name: path.to_owned(),
        text,
    })
}

/// [`read`], reporting a failure on stderr as the CLI does and turning it into exit status 2.
pub(crate) fn read_or_report(path: &str) -> Result<Input, crate::exit::Outcome> {
    read(path).map_err(|e| {
        eprintln!("mcp-lean: {e}");
        crate::exit::Outcome::Failure
    })
}
