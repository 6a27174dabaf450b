#!/usr/bin/env bash
# Packages every published crate (`cargo package`, which also builds each one from its
# .crate alone, in dependency order) and checks what the .crate files hold: no corpus, no
# snapshot or other file over 100 kB, no test output. The large files that ship are the
# generated word tables the goal digest reads at run time (WordNet, embedding neighbours, function words)
# and its model of relatedness (`relatedness.bin`).
# Usage: scripts/check-packages.sh [CARGO PACKAGE OPTIONS, e.g. --allow-dirty]   (from the root)
set -euo pipefail

published=(mcp-lean-injection snapshot-digest output-guard fn-registry tool-schema mcp-eval-core
  browser-adapter mcp-proxy-rules mcp-lean-llm mcp-lean)
limit=102400
allowed_large='^[^/]+/src/(digest/meaning/((wordnet|neighbours|stopwords)\.tsv|relatedness\.bin)|grammar/approximations\.tsv)$'

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)

args=()
for p in "${published[@]}"; do args+=(-p "$p"); done
rm -f target/package/*.crate
# cargo verifies each crate against the others through a local registry, and unpacks that
# registry's crates under CARGO_HOME keyed by name and version only: a second run at the same
# version would build against the first run's sources. Remove those unpacked copies (never
# crates.io's).
cargo_home=${CARGO_HOME:-$HOME/.cargo}
for dir in "$cargo_home"/registry/src/* "$cargo_home"/registry/cache/*; do
  case "$(basename "$dir")" in index.crates.io-*) continue ;; esac
  for p in "${published[@]}"; do
    rm -rf "$dir/$p-$version" "$dir/$p-$version.crate"
  done
done
# The same holds for what cargo compiled from those copies into target/debug: a registry crate
# counts as fresh whatever its sources, so a crate verified against an earlier run's build of
# another would fail (or pass) on old code. Remove the builds of published crates whose
# sources were such copies (their dep-info names a path under registry/src/-…).
for p in "${published[@]}"; do
  lib=${p//-/_}
  for dep in target/debug/deps/"$lib"-*.d; do
    [ -f "$dep" ] || continue
    if grep -q "/registry/src/-[^/]*/$p-$version/" "$dep"; then
      hash=${dep##*/"$lib"-}
      hash=${hash%.d}
      rm -rf target/debug/deps/*"$lib-$hash"* target/debug/.fingerprint/"$p-$hash"
    fi
  done
done
cargo package --quiet "${args[@]}" "$@"

bad=0
for p in "${published[@]}"; do
  crate="target/package/$p-$version.crate"
  if [ ! -f "$crate" ]; then
    echo "check-packages: $crate was not written; look at cargo package's output above" >&2
    bad=1
    continue
  fi
  # tar's verbose listing: permissions, owner, size, date, time, path.
  while read -r _ _ size _ _ path; do
    if [ "$size" -gt "$limit" ] && ! [[ $path =~ $allowed_large ]]; then
      echo "check-packages: $path is $size bytes, over the $limit-byte limit; add it to exclude in its Cargo.toml" >&2
      bad=1
    fi
    case "$path" in
      */corpus/* | *.snapshot.yaml | */target/* | */tests/* | *.profraw | *.snap.new)
        echo "check-packages: $path is corpus, snapshot or test material and must not ship; narrow include in its Cargo.toml" >&2
        bad=1 ;;
    esac
  done < <(tar -tvzf "$crate")
  printf '%-18s %8s bytes compressed, %3s files\n' "$p" "$(stat -c %s "$crate")" "$(tar -tzf "$crate" | wc -l)"
done
exit $bad
