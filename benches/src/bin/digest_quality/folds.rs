//! The rankings of a leave-pages-out cross-validation (`--cv DIR`): each goal on a real page
//! digested with the ranking of the fold that never saw its page.

use std::collections::HashMap;
use std::sync::Arc;

use mcp_lean_benches::goals::GoalCase;
use snapshot_digest::DigestConfig;

/// The rankings of a leave-pages-out cross-validation (`scripts/train-ranking.py --folds
/// DIR`): one table per fold, and the fold of each page.
pub(crate) struct Folds {
    pub(crate) dir: String,
    pub(crate) tables: Vec<Arc<str>>,
    fold_of: HashMap<String, usize>,
}

impl Folds {
    pub(crate) fn load(dir: &str) -> Self {
        let read = |name: &str| {
            let path = std::path::Path::new(dir).join(name);
            std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        };
        let fold_of: HashMap<String, usize> = read("folds.tsv")
            .lines()
            .filter_map(|l| {
                let (page, fold) = l.split_once('\t')?;
                Some((page.to_owned(), fold.trim().parse().ok()?))
            })
            .collect();
        let count = fold_of.values().max().map_or(0, |m| m + 1);
        let tables = (0..count)
            .map(|k| Arc::from(read(&format!("fold-{k}.tsv"))))
            .collect();
        Self {
            dir: dir.to_owned(),
            tables,
            fold_of,
        }
    }
}

/// `config` with the ranking of the fold that never saw `case`'s page, when there are folds
/// and the page is in one (MiniWoB's tasks, left out of training, keep the built-in ranking).
pub(crate) fn with_fold(
    config: &DigestConfig,
    folds: Option<&Folds>,
    case: &GoalCase,
) -> DigestConfig {
    let mut config = config.clone();
    if let Some(table) = folds.and_then(|f| f.tables.get(*f.fold_of.get(&case.file)?)) {
        config.ranking = Some(Arc::clone(table));
    }
    config
}
