// Captures chrome-devtools-mcp snapshots of every page of $MCP_LEAN_CORPUS/html/, served on
// 127.0.0.1, with the real server (npm chrome-devtools-mcp) on the system Chromium, headless.
//
//   node scripts/capture-devtools.mjs OUT_DIR [SERVER_JS] [CHROMIUM]
//
// Writes OUT_DIR/<page>.devtools.txt (take_snapshot's text, as the tool returned it) and, for
// every page, OUT_DIR/<page>.verbose.devtools.txt (take_snapshot with verbose: true). The output
// is corpus data: keep it out of the repository (target/ or a folder the tests are given).
// Defaults: SERVER_JS = target/npm/node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js,
// CHROMIUM = /usr/bin/chromium. Node only, no packages.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [out, serverJs = 'target/npm/node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js', chromium = '/usr/bin/chromium'] = process.argv.slice(2);
const corpus = process.env.MCP_LEAN_CORPUS;
if (!out || !corpus) {
  console.error('usage: MCP_LEAN_CORPUS=DIR node scripts/capture-devtools.mjs OUT_DIR [SERVER_JS] [CHROMIUM]');
  process.exit(2);
}
const htmlDir = join(corpus, 'html');
const pages = readdirSync(htmlDir).filter((f) => f.endsWith('.source.html')).map((f) => f.slice(0, -'.source.html'.length)).sort();
mkdirSync(out, { recursive: true });

const site = createServer((req, res) => {
  const name = decodeURIComponent(req.url.slice(1));
  if (!pages.includes(name)) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(join(htmlDir, `${name}.source.html`)));
});
await new Promise((r) => site.listen(0, '127.0.0.1', r));
const port = site.address().port;

const server = spawn('node', [serverJs, '--headless', '--isolated', '--no-usage-statistics', '--no-performance-crux', '--executablePath', chromium, '--chromeArg=--no-sandbox'], { stdio: ['pipe', 'pipe', 'ignore'] });
let buffer = '';
const waiting = new Map();
server.stdout.on('data', (data) => {
  buffer += data;
  let at;
  while ((at = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, at);
    buffer = buffer.slice(at + 1);
    const message = JSON.parse(line);
    if (message.id !== undefined && waiting.has(message.id)) waiting.get(message.id)(message);
  }
});
let nextId = 0;
const request = (method, params) =>
  new Promise((resolve, reject) => {
    const id = ++nextId;
    const timer = setTimeout(() => reject(new Error(`${method} timed out`)), 120_000);
    waiting.set(id, (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    server.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
  });
const call = async (name, args) => {
  const reply = await request('tools/call', { name, arguments: args });
  if (reply.error || reply.result.isError) throw new Error(`${name}: ${JSON.stringify(reply.error ?? reply.result.content)}`);
  return reply.result.content.map((c) => c.text ?? '').join('\n');
};

await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'capture-devtools', version: '1' } });
server.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
for (const page of pages) {
  await call('navigate_page', { pageId: 1, type: 'url', url: `http://127.0.0.1:${port}/${page}` });
  writeFileSync(join(out, `${page}.devtools.txt`), await call('take_snapshot', { pageId: 1 }));
  writeFileSync(join(out, `${page}.verbose.devtools.txt`), await call('take_snapshot', { pageId: 1, verbose: true }));
  console.log(`${page}: captured`);
}
server.kill();
site.close();
