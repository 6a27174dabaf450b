//! Every corpus file, guarded as a server would: previews fit, counts are exact, tokens
//! return the input byte for byte. Runs when `MCP_LEAN_CORPUS` names the corpus folder.

use std::path::PathBuf;

use output_guard::{Guard, Kind, StoreLimits, TokenStore, char_len};

fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(std::env::var_os("MCP_LEAN_CORPUS")?);
    assert!(
        dir.is_dir(),
        "MCP_LEAN_CORPUS={} is not a folder",
        dir.display()
    );
    let mut files = vec![dir.join("manifest.json")];
    for sub in ["html", "readability", "tools"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    Some(files)
}

#[test]
fn every_corpus_file_is_guarded_within_the_limit() {
    let Some(files) = corpus_files() else { return };
    let guard = Guard::default();
    let store = TokenStore::new(StoreLimits {
        max_entries: 4,
        ..StoreLimits::default()
    });
    let mut previews = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let is_json = path.extension().is_some_and(|e| e == "json");
        let (preview, full) = if is_json {
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            let full = guard.full_json(&value);
            (guard.json(value, &store), full)
        } else {
            (guard.text(text.clone(), Kind::Snapshot, &store), text)
        };
        assert_eq!(preview.total_length, char_len(&full), "{}", path.display());
        if preview.truncated {
            previews += 1;
            assert!(char_len(&preview.text) <= 2000, "{}", path.display());
            let token = preview.confirm_token.as_deref().unwrap();
            assert_eq!(store.redeem(token).unwrap(), full, "{}", path.display());
        } else {
            assert_eq!(preview.text, full);
        }
    }
    assert!(
        files.len() > 250 && previews > 200,
        "{} files, {previews} previews",
        files.len()
    );
}
