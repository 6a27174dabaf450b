#!/usr/bin/env node
// The `mcp-lean` command of the npm package: runs the binary that the package of this platform
// (an optional dependency that npm installs only where its `os` and `cpu` match) holds, with
// the same arguments, standard input and output, and exit status. Nothing is downloaded or
// built at install time: the package has no install script.
'use strict';

const { spawn } = require('node:child_process');

const PACKAGES = {
  'linux x64': 'mcp-lean-linux-x64',
  'linux arm64': 'mcp-lean-linux-arm64',
  'darwin x64': 'mcp-lean-darwin-x64',
  'darwin arm64': 'mcp-lean-darwin-arm64',
  'win32 x64': 'mcp-lean-win32-x64',
};

const fail = (message) => {
  process.stderr.write(`mcp-lean: ${message}\n`);
  process.exit(2);
};

const platform = `${process.platform} ${process.arch}`;
const pkg = PACKAGES[platform];
if (!pkg) {
  fail(
    `no binary for ${platform} in the npm package (it has ${Object.keys(PACKAGES).join(', ')}); install with \`cargo install --locked mcp-lean\` instead`,
  );
}
const exe = process.platform === 'win32' ? 'mcp-lean.exe' : 'mcp-lean';
let binary;
try {
  binary = require.resolve(`${pkg}/bin/${exe}`);
} catch {
  fail(
    `the package ${pkg}, which holds the binary for ${platform}, is not installed; npm installs it with mcp-lean unless optional dependencies are left out (--omit=optional, --no-optional): install again without that`,
  );
}

const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit', windowsHide: true });
// The binary gets what would have stopped the launcher, and decides for itself how to end.
const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (e) => fail(`cannot run ${binary}: ${e.message}`));
child.on('exit', (code, signal) => {
  if (signal) {
    // Ended by a signal: end the same way, so the caller sees what the binary saw.
    for (const s of forwarded) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
