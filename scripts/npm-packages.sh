#!/usr/bin/env bash
# The npm packages of the `mcp-lean` command, as esbuild and Biome ship theirs: `mcp-lean`, a
# small launcher (npm/mcp-lean) whose optionalDependencies name one package per platform, and
# the platform's package, `mcp-lean-<os>-<cpu>`, holding the binary, with `os` and `cpu` set so
# npm installs only the one that fits. No install script, nothing downloaded at install time.
# Both are packed into target/npm-packages/*.tgz at the workspace's version.
#
# Usage: scripts/npm-packages.sh [PLATFORM [BINARY]]
#   PLATFORM  linux-x64 (default), linux-arm64, darwin-x64, darwin-arm64 or win32-x64
#   BINARY    the mcp-lean binary built for it (default: target/release/mcp-lean, built with
#             `cargo build --release --locked -p mcp-lean` when missing)
set -euo pipefail
cd "$(dirname "$0")/.."

platform=${1:-linux-x64}
case "$platform" in
  linux-x64 | linux-arm64 | darwin-x64 | darwin-arm64) exe=mcp-lean ;;
  win32-x64) exe=mcp-lean.exe ;;
  *) echo "unknown platform $platform; give linux-x64, linux-arm64, darwin-x64, darwin-arm64 or win32-x64" >&2; exit 2 ;;
esac
binary=${2:-target/release/$exe}
if [ ! -f "$binary" ] && [ $# -lt 2 ]; then
  cargo build --release --locked -p mcp-lean
fi
[ -f "$binary" ] || { echo "no binary at $binary; build it first or give its path" >&2; exit 2; }

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
out=$PWD/target/npm-packages
build=$out/build
rm -rf "$build" && mkdir -p "$build/mcp-lean/bin" "$build/$platform/bin"
rm -f "$out"/mcp-lean-*.tgz

# The launcher package, its version and its platform packages' versions set to the workspace's.
cp npm/mcp-lean/bin/mcp-lean.js "$build/mcp-lean/bin/"
cp npm/mcp-lean/README.md LICENSE-MIT LICENSE-APACHE "$build/mcp-lean/"
VERSION=$version node -e '
  const fs = require("node:fs");
  const pkg = JSON.parse(fs.readFileSync("npm/mcp-lean/package.json", "utf8"));
  pkg.version = process.env.VERSION;
  for (const name of Object.keys(pkg.optionalDependencies)) pkg.optionalDependencies[name] = process.env.VERSION;
  pkg.files.push("LICENSE-MIT", "LICENSE-APACHE");
  fs.writeFileSync(process.argv[1], JSON.stringify(pkg, null, 2) + "\n");
' "$build/mcp-lean/package.json"

# The platform's package: the binary, and the os and cpu npm matches against.
cp "$binary" "$build/$platform/bin/$exe"
chmod 755 "$build/$platform/bin/$exe"
cp LICENSE-MIT LICENSE-APACHE "$build/$platform/"
VERSION=$version PLATFORM=$platform EXE=$exe node -e '
  const fs = require("node:fs");
  const [os, cpu] = process.env.PLATFORM.split("-");
  const pkg = {
    name: `mcp-lean-${process.env.PLATFORM}`,
    version: process.env.VERSION,
    description: `The mcp-lean binary for ${os} ${cpu}; install the mcp-lean package, which picks it`,
    license: "MIT OR Apache-2.0",
    repository: { type: "git", url: "git+https://github.com/mcp-lean/mcp-lean.git" },
    os: [os],
    cpu: [cpu],
    files: [`bin/${process.env.EXE}`, "LICENSE-MIT", "LICENSE-APACHE"],
    preferUnplugged: true,
  };
  fs.writeFileSync(process.argv[1], JSON.stringify(pkg, null, 2) + "\n");
' "$build/$platform/package.json"

for dir in mcp-lean "$platform"; do
  (cd "$build/$dir" && npm pack --silent --pack-destination "$out" >/dev/null)
done
# Neither package may run anything at install time.
for dir in mcp-lean "$platform"; do
  if node -e 'const s = require(process.argv[1]).scripts || {}; process.exit(Object.keys(s).length ? 0 : 1)' "$build/$dir/package.json"; then
    echo "$build/$dir/package.json has scripts; the packages must install without running anything" >&2
    exit 1
  fi
done
ls "$out"/*.tgz
