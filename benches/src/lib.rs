//! What the criterion benchmarks and the measurement binaries share: finding and loading the
//! corpus, the line a control is described by to the model of relatedness, and the
//! `--without` flag; the goal sets, the baselines, forms, statistics, the guard's inputs and
//! the real servers in the modules below.

pub mod baselines;
pub mod forms;
pub mod goals;
pub mod guard_inputs;
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

/// The real page (`readability/`, not empty) of median size, with its name: the usual case
/// the benches time beside the largest.
///
/// # Panics
///
/// When the corpus has no such page.
#[must_use]
pub fn median_page(all: &[(String, String)]) -> &(String, String) {
    let mut real: Vec<&(String, String)> = all
        .iter()
        .filter(|(name, text)| name.starts_with("readability/") && !text.is_empty())
        .collect();
    real.sort_by_key(|(name, text)| (text.len(), name.clone()));
    real.get(real.len() / 2)
        .copied()
        .expect("the corpus has real pages")
}

/// The line the digest describes control `id` of `snap` by to the model of relatedness: its
/// name or own text, else the first name or text inside it, then the heading of its section.
#[must_use]
pub fn model_line(
    snap: &snapshot_digest::Snapshot<'_>,
    id: snapshot_digest::NodeId,
    heading: Option<&str>,
) -> String {
    let nodes = snap.nodes();
    let i = id.index();
    let inside = || {
        let range = snap.subtree_range(id);
        (i + 1..range.end as usize).find_map(|j| nodes[j].name().or(nodes[j].text()))
    };
    let mut line = String::new();
    if let Some(label) = nodes
        .get(i)
        .and_then(|n| n.name().or(n.text()))
        .or_else(inside)
    {
        line.push_str(label);
    }
    if let Some(h) = heading {
        line.push(' ');
        line.push_str(h);
    }
    line
}

/// The resources that `--without NAME[,NAME…]` on the command line turns off (`model`,
/// `lexicon`, `wordnet`, `neighbours`, `snowball`, `stopwords`, `languages`), so that the
/// features the ranking is trained on and the digests it is checked with leave out the same
/// ones: an ablation with the ranking retrained. A name that is not a resource is told, with
/// the names, and the process exits with status 2.
#[must_use]
pub fn resources_without(args: &[String]) -> snapshot_digest::Resources {
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
            "languages" => without.languages = true,
            other => {
                #[allow(
                    clippy::print_stderr,
                    reason = "a wrong flag is told to the person who typed it"
                )]
                {
                    eprintln!(
                        "--without takes model, lexicon, wordnet, neighbours, snowball, \
                         stopwords or languages, not {other:?}: give one or several, separated by commas"
                    );
                }
                std::process::exit(2);
            }
        }
    }
    without
}
