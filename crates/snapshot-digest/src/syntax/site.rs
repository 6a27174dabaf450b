//! The page's own site, so that a digest can write links to it as paths: most links of a
//! page lead within its site, and the scheme and host repeated on each of them were a sixth
//! of a digest's chars.

use std::collections::HashMap;

use crate::tree::{Node, NodeKind, Snapshot, Syntax};

/// Fewest links to one site for it to be the page's: below this, naming the site once costs
/// more than the hosts it saves.
const MIN_LINKS: usize = 3;

/// The origin (`https://host`, host in lowercase) most of the snapshot's absolute links lead
/// to, when at least [`MIN_LINKS`] do; `None` when no site has that many. A link with no
/// scheme (`//host/path`) counts for its host but does not set the scheme.
pub(crate) fn dominant_site(snap: &Snapshot<'_>) -> Option<String> {
    // Per host in lowercase: links, the order it was first linked in, and a scheme it was
    // written with. A map, since a hostile page can link thousands of hosts.
    let mut hosts: HashMap<String, (usize, usize, Option<&str>)> = HashMap::new();
    for node in snap.nodes() {
        let Some(url) = link_url(node) else {
            continue;
        };
        // A link written relative to the page leads to the page's own site, which the
        // snapshot does not name: another site's paths would read as this one's.
        if is_relative(url) {
            return None;
        }
        let Some((scheme, host)) = split_origin(url) else {
            continue;
        };
        let order = hosts.len();
        let entry = hosts
            .entry(host.to_ascii_lowercase())
            .or_insert((0, order, None));
        entry.0 += 1;
        entry.2 = entry.2.or(scheme);
    }
    // The most linked; ties go to the site linked first.
    let (host, (count, _, scheme)) = hosts
        .into_iter()
        .max_by(|a, b| (a.1.0, b.1.1).cmp(&(b.1.0, a.1.1)))?;
    let scheme = scheme?;
    (count >= MIN_LINKS).then(|| format!("{}://{host}", scheme.to_ascii_lowercase()))
}

/// `url` as a path when it is on `site` (`https://host/a?b` → `/a?b`, `//host` → `/`),
/// otherwise unchanged.
pub(crate) fn on_site<'u>(site: Option<&str>, url: &'u str) -> &'u str {
    let Some(site) = site else {
        return url;
    };
    let Some((_, site_host)) = site.split_once("://") else {
        return url;
    };
    let rest = strip_prefix_ignore_case(url, site).or_else(|| {
        url.strip_prefix("//")
            .and_then(|u| strip_prefix_ignore_case(u, site_host))
    });
    match rest {
        Some("") => "/",
        // `?q` or `#x` alone would read as relative to the page, not to the site.
        Some(path) if path.starts_with('/') => path,
        _ => url,
    }
}

/// The URL a link leads to, the page's own URL (chrome-devtools-mcp's root) left out.
fn link_url<'a>(node: &'a Node<'_>) -> Option<&'a str> {
    (node.kind() == NodeKind::Element && node.role() == "link")
        .then(|| node.url())
        .flatten()
        .filter(|_| node.syntax() != Syntax::DevTools || node.parent().is_some())
}

/// Whether `url` is a path relative to the page (`/a`, `a/b`, `?q`), not a fragment within
/// it, a URL with a scheme or a scheme-relative one.
fn is_relative(url: &str) -> bool {
    let url = url.trim();
    if url.is_empty() || url.starts_with('#') || url.starts_with("//") {
        return false;
    }
    let scheme = url.split([':', '/', '?', '#']).next().unwrap_or("");
    let has_scheme = !scheme.is_empty()
        && url[scheme.len()..].starts_with(':')
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    !has_scheme
}

/// The scheme (when written) and host of an absolute or scheme-relative URL.
fn split_origin(url: &str) -> Option<(Option<&str>, &str)> {
    let url = url.trim();
    let (scheme, rest) = match url.split_once("://") {
        Some((scheme, rest))
            if scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http") =>
        {
            (Some(scheme), rest)
        }
        Some(_) => return None,
        None => (None, url.strip_prefix("//")?),
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    (!host.is_empty() && !host.contains(['@', ' ', '"', '\\'])).then_some((scheme, host))
}

fn strip_prefix_ignore_case<'u>(text: &'u str, prefix: &str) -> Option<&'u str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests;
