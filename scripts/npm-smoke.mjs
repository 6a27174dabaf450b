// The npm packages, installed from their tarballs into an empty folder, driven as an MCP client
// drives them: the official SDK client starts `npx mcp-lean proxy -- npx -y @playwright/mcp@…`
// in that folder over stdio, navigates to a page this script serves on 127.0.0.1, and asks for
// a goal snapshot, which must come through the proxy's goal digest, holding the page's button.
//   node npm-smoke.mjs FOLDER PLAYWRIGHT_MCP_VERSION CHROMIUM
// It runs beside @modelcontextprotocol/sdk (scripts/npm-packages.sh's caller copies it to
// target/npm). Prints what it saw; exits 1 on the first failed check.
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [folder, playwrightVersion, chromium] = process.argv.slice(2);
const fail = (what, detail = '') => {
  console.error(`npm smoke test: ${what}${detail ? `: ${String(detail).slice(0, 2000)}` : ''}`);
  process.exit(1);
};

const page = `<!doctype html><title>Kettle shop</title><h1>Kettles</h1>
<nav><a href="/about">About us</a> <a href="/help">Help</a></nav>
<main><article><h2>Steel kettle</h2><p>1.7 litres, 24.99</p><button>Add to basket</button></article>
<article><h2>Glass kettle</h2><p>1.5 litres, 29.99</p><button>Compare</button></article></main>`;
const site = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(page);
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${site.address().port}/shop`;

const transport = new StdioClientTransport({
  command: 'npx',
  args: ['mcp-lean', 'proxy', '--', 'npx', '-y', `@playwright/mcp@${playwrightVersion}`, '--headless',
    '--no-sandbox', '--isolated', '--executable-path', chromium,
    '--output-dir', mkdtempSync(join(tmpdir(), 'mcp-lean-npm-smoke-'))],
  cwd: folder,
  stderr: 'inherit',
});
const client = new Client({ name: 'npm-smoke', version: '1.0.0' });
try {
  await client.connect(transport);
  const { tools } = await client.listTools();
  const snapshot = tools.find((t) => t.name === 'browser_snapshot');
  if (!snapshot?.inputSchema?.properties?.goal) fail('browser_snapshot takes no goal', JSON.stringify(snapshot));
  const text = (r) => (r.content ?? []).map((c) => c.text ?? '').join('\n');
  const navigated = await client.callTool({ name: 'browser_navigate', arguments: { url } });
  if (navigated.isError) fail('browser_navigate failed', text(navigated));
  const digest = text(await client.callTool({ name: 'browser_snapshot', arguments: { goal: 'add the steel kettle to my basket' } }));
  const line = digest.split('\n').find((l) => l.includes('button "Add to basket"'));
  // A page this small fits the digest's budget and comes whole, under the goal's header.
  if (!/^# (goal digest|snapshot for goal)/m.test(digest) || !/\[ref=[^\]]+\]/.test(line ?? '')) {
    fail('no goal snapshot with the button', digest);
  }
  console.log(`npm smoke test: ${tools.length} tools, browser_navigate, a goal digest holding: ${line.trim()}`);
} catch (e) {
  fail('the session failed', e?.stack ?? e);
} finally {
  await client.close().catch(() => {});
  site.close();
}
