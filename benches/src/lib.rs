//! Shared helpers for the criterion benchmarks: finding and loading the corpus.

pub mod baselines;
pub mod forms;
pub mod goals;
pub mod servers;
pub mod stats;

use std::path::PathBuf;

/// The corpus folder named by `MCP_LEAN_CORPUS`.
///
/// # Panics
///
/// Panics with a message that says what to set when the variable is missing or the folder does
/// not exist: a benchmark without its input has nothing to measure.
#[must_use]
pub fn corpus_dir() -> PathBuf {
    let dir = std::env::var_os("MCP_LEAN_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            panic!("MCP_LEAN_CORPUS is not set; point it at the corpus folder (../shared/corpus)")
        });
    assert!(
        dir.is_dir(),
        "MCP_LEAN_CORPUS={} is not a folder",
        dir.display()
    );
    dir
}

/// Every corpus file under `sub` whose name ends with `suffix`, as `(sub/name, text)`, sorted.
///
/// # Panics
///
/// Panics when the corpus cannot be read (see [`corpus_dir`]).
#[must_use]
pub fn corpus_files(sub: &str, suffix: &str) -> Vec<(String, String)> {
    let dir = corpus_dir().join(sub);
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.expect("readable directory entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        if name.ends_with(suffix) {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            out.push((format!("{sub}/{name}"), text));
        }
    }
    out.sort();
    out
}

/// Every AI-mode snapshot of the corpus as `(file name, text)`, sorted by name.
///
/// # Panics
///
/// Panics when the corpus cannot be read (see [`corpus_dir`]).
#[must_use]
pub fn ai_snapshots() -> Vec<(String, String)> {
    let mut out = corpus_files("readability", ".ai.yaml");
    out.extend(corpus_files("miniwob", ".ai.yaml"));
    out.sort();
    out
}

/// The largest page of the corpus, `readability/wikipedia-2.ai.yaml` (735k chars), from
/// [`ai_snapshots`]' output.
///
/// # Panics
///
/// Panics when the page is not in the corpus.
#[must_use]
pub fn largest(all: &[(String, String)]) -> &str {
    all.iter()
        .find(|(name, _)| name.ends_with("wikipedia-2.ai.yaml"))
        .map(|(_, text)| text.as_str())
        .expect("wikipedia-2 is in the corpus")
}

/// The resources that `--without NAME[,NAME…]` on the command line turns off (`model`,
/// `lexicon`, `wordnet`, `neighbours`, `snowball`, `stopwords`), so that the features the
/// ranking is trained on and the digests it is checked with leave out the same ones: an
/// ablation with the ranking retrained.
///
/// # Errors
///
/// A name that is not a resource, in a message that lists the names.
pub fn resources_without(args: &[String]) -> Result<snapshot_digest::Resources, String> {
    let mut without = snapshot_digest::Resources::default();
    let names = args
        .iter()
        .position(|a| a == "--without")
        .and_then(|i| args.get(i + 1));
    for name in names.into_iter().flat_map(|n| n.split(',')) {
        match name {
            "model" => without.model = true,
            "lexicon" => without.lexicon = true,
            "wordnet" => without.wordnet = true,
            "neighbours" => without.neighbours = true,
            "snowball" => without.snowball = true,
            "stopwords" => without.stopwords = true,
            other => {
                return Err(format!(
                    "--without takes model, lexicon, wordnet, neighbours, snowball or \
                     stopwords, not {other:?}: give one or several, separated by commas"
                ));
            }
        }
    }
    Ok(without)
}
