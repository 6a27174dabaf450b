// Captures chrome-devtools-mcp snapshots of every page of $MCP_LEAN_CORPUS/html/ and, with
// --miniwob, of the corpus's MiniWoB tasks, served on 127.0.0.1, with the real server (npm
// chrome-devtools-mcp) on the system Chromium, headless.
//
//   node scripts/capture-devtools.mjs [--miniwob MINIWOB_HTML] OUT_DIR [SERVER_JS] [CHROMIUM]
//
// Writes OUT_DIR/<page>.devtools.txt (take_snapshot's text, as the tool returned it) and
// OUT_DIR/<page>.verbose.devtools.txt (take_snapshot with verbose: true) for every HTML page,
// and OUT_DIR/miniwob/<task>.devtools.txt for every task of $MCP_LEAN_CORPUS/miniwob/.
// MINIWOB_HTML is the `html` folder of the miniwob 1.1.0 package, the version the corpus was
// captured with (it holds `miniwob/` and `core/`):
//
//   pip download miniwob==1.1.0 --no-deps -d target/miniwob
//   unzip -q -o target/miniwob/miniwob-1.1.0-py3-none-any.whl 'miniwob/html/*' -d target/miniwob
//   ... --miniwob target/miniwob/miniwob/html
//
// Each task is started as the corpus's capture started it (seed 42, train data mode,
// core.startEpisodeReal(), then 1 s to settle), so its snapshot shows the same instance.
// The output is corpus data: keep it out of the repository (target/ or a folder the tests are
// given). Defaults: SERVER_JS =
// target/npm/node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js,
// CHROMIUM = /usr/bin/chromium. Node only, no packages.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const args = process.argv.slice(2);
let miniwobDir = null;
const flag = args.indexOf('--miniwob');
if (flag >= 0) {
  miniwobDir = args[flag + 1];
  args.splice(flag, 2);
}
const [out, serverJs = 'target/npm/node_modules/chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js', chromium = '/usr/bin/chromium'] = args;
const corpus = process.env.MCP_LEAN_CORPUS;
if (!out || !corpus) {
  console.error('usage: MCP_LEAN_CORPUS=DIR node scripts/capture-devtools.mjs [--miniwob MINIWOB_HTML] OUT_DIR [SERVER_JS] [CHROMIUM]');
  process.exit(2);
}
const htmlDir = join(corpus, 'html');
const pages = readdirSync(htmlDir).filter((f) => f.endsWith('.source.html')).map((f) => f.slice(0, -'.source.html'.length)).sort();
const tasks = miniwobDir
  ? readdirSync(join(corpus, 'miniwob')).filter((f) => f.endsWith('.ai.yaml')).map((f) => f.slice(0, -'.ai.yaml'.length)).sort()
  : [];
if (miniwobDir && !existsSync(join(miniwobDir, 'core', 'core.js'))) {
  console.error(`${miniwobDir} has no core/core.js: give the html folder of the miniwob 1.1.0 package (see this script's header)`);
  process.exit(2);
}
mkdirSync(join(out, 'miniwob'), { recursive: true });

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml' };
const site = createServer((req, res) => {
  const name = decodeURIComponent(req.url.slice(1).split('?')[0]);
  if (miniwobDir && name.startsWith('wob/')) {
    // MiniWoB's files, confined to its folder.
    const file = normalize(join(miniwobDir, name.slice(4)));
    if (!file.startsWith(normalize(miniwobDir)) || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    return;
  }
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
for (const task of tasks) {
  await call('navigate_page', { pageId: 1, type: 'url', url: `http://127.0.0.1:${port}/wob/miniwob/${task}.html` });
  // The start sequence of miniwob's own driver and of the corpus's capture.
  await call('evaluate_script', {
    pageId: 1,
    function: `async () => {
      Math.seedrandom(42);
      core.setDataMode('train');
      core.startEpisodeReal();
      await new Promise((r) => setTimeout(r, 1000));
      return document.getElementById('query')?.textContent ?? null;
    }`,
  });
  writeFileSync(join(out, 'miniwob', `${task}.devtools.txt`), await call('take_snapshot', { pageId: 1 }));
  console.log(`miniwob/${task}: captured`);
}
server.kill();
site.close();
