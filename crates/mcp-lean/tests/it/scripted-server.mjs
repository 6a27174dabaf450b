// A scripted MCP server over stdio, for the proxy's tests: each tool does one thing a real
// server may do (send progress, ask the client to sample, elicit or list roots, several at
// once, never answer, die, write garbage, answer 10 MB, change its lists). Node only, no
// packages.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');
const pendingFromClient = new Map();
let nextId = 1;
const cancelled = new Set();

const subscribed = new Set();
let lateAnswer = Promise.resolve(null);
const hint = (key) => ({ _meta: { 'mcp-lean/inputKey': key } });
const ask = (method, params) => {
  const rid = `a${nextId++}`;
  const answer = new Promise((r) => pendingFromClient.set(rid, r));
  send({ id: rid, method, params });
  return answer;
};

const tools = ['slow', 'burst', 'sample', 'ask', 'ask_named', 'ask_three', 'needs_sampling', 'ask_later', 'late_answer', 'changed', 'subscriptions', 'hang', 'die', 'garbage', 'big', 'echo_meta', 'browser_snapshot', 'browser_click', 'whoami'].map((name) => ({
  name,
  description: `The ${name} behaviour of the scripted test server.`,
  inputSchema: { type: 'object', properties: {} },
}));

async function call(id, params) {
  const token = params._meta?.progressToken;
  switch (params.name) {
    case 'slow': {
      const stop = () => send({ method: 'notifications/message', params: { level: 'info', data: `cancelled ${id}` } });
      for (let i = 1; i <= 3; i++) {
        if (cancelled.has(id)) return stop();
        if (token !== undefined) {
          send({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: 3 } });
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      if (params.arguments?.wait_ms) {
        const until = Date.now() + params.arguments.wait_ms;
        while (Date.now() < until && !cancelled.has(id)) await new Promise((r) => setTimeout(r, 20));
        if (cancelled.has(id)) return stop();
      }
      return send({ id, result: { content: [{ type: 'text', text: 'done' }] } });
    }
    case 'burst': {
      // Three progress notifications, a log message and the result in one write: the last
      // notification and the response arrive back to back, as the order test needs.
      const lines = [];
      for (let i = 1; i <= 3; i++) {
        if (token !== undefined) lines.push({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: 3 } });
      }
      lines.push({ method: 'notifications/message', params: { level: 'info', data: `burst ${id}` } });
      lines.push({ id, result: { content: [{ type: 'text', text: 'burst done' }] } });
      process.stdout.write(lines.map((m) => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n').join(''));
      return;
    }
    case 'sample': {
      const rid = `s${nextId++}`;
      const answer = new Promise((r) => pendingFromClient.set(rid, r));
      send({ id: rid, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 } });
      const reply = await answer;
      return send({ id, result: { content: [{ type: 'text', text: JSON.stringify(reply) }] } });
    }
    case 'ask': {
      // Elicitation and roots go to the client; a list_changed notification goes with them.
      send({ method: 'notifications/resources/list_changed' });
      const elicited = await ask('elicitation/create', {
        message: 'your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      });
      const roots = await ask('roots/list', {});
      return send({ id, result: { content: [{ type: 'text', text: JSON.stringify({ elicited, roots }) }] } });
    }
    case 'ask_named': {
      // One question, under the key this server names for it.
      const reply = await ask('elicitation/create', {
        message: 'your name?', ...hint('who'),
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      });
      return send({ id, result: { content: [{ type: 'text', text: `hello ${reply.content?.name ?? JSON.stringify(reply)}` }] } });
    }
    case 'ask_three': {
      // Three questions in one write, waited for together.
      const asks = [
        ['elicitation/create', { message: 'your name?', ...hint('name'), requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }],
        ['sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'greet' } }], maxTokens: 5, ...hint('greeting') }],
        ['roots/list', hint('roots')],
      ].map(([method, p]) => {
        const rid = `t${nextId++}`;
        return [new Promise((r) => pendingFromClient.set(rid, r)), JSON.stringify({ jsonrpc: '2.0', id: rid, method, params: p }) + '\n'];
      });
      process.stdout.write(asks.map(([, line]) => line).join(''));
      const replies = await Promise.all(asks.map(([answer]) => answer));
      return send({ id, result: { content: [{ type: 'text', text: JSON.stringify(replies) }] } });
    }
    case 'needs_sampling': {
      // A tool that cannot do without sampling: an error instead of an answer fails the call.
      const reply = await ask('sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 });
      if (reply.code !== undefined) return send({ id, error: reply });
      return send({ id, result: { content: [{ type: 'text', text: JSON.stringify(reply) }] } });
    }
    case 'ask_later': {
      // Answers, then asks in the same write: a question that belongs to no open call.
      const rid = `l${nextId++}`;
      lateAnswer = new Promise((r) => pendingFromClient.set(rid, r));
      process.stdout.write([
        { id, result: { content: [{ type: 'text', text: 'answered' }] } },
        { id: rid, method: 'elicitation/create', params: { message: 'too late?', requestedSchema: { type: 'object', properties: {} } } },
      ].map((m) => JSON.stringify({ jsonrpc: '2.0', ...m }) + '\n').join(''));
      return;
    }
    case 'late_answer':
      return send({ id, result: { content: [{ type: 'text', text: JSON.stringify(await lateAnswer) }] } });
    case 'changed':
      send({ method: 'notifications/tools/list_changed' });
      send({ method: 'notifications/resources/updated', params: { uri: 'test://a' } });
      return send({ id, result: { content: [{ type: 'text', text: 'changed' }] } });
    case 'subscriptions':
      return send({ id, result: { content: [{ type: 'text', text: JSON.stringify([...subscribed]) }] } });
    case 'hang':
      return;
    case 'die':
      process.exit(3);
    case 'garbage':
      process.stdout.write('this is not json\n');
      process.stdout.write('{"jsonrpc": "2.0", "id": \n');
      return send({ id, result: { content: [{ type: 'text', text: 'after garbage' }] } });
    case 'big':
      return send({ id, result: { content: [{ type: 'text', text: 'x'.repeat(10 * 1024 * 1024) }] } });
    case 'browser_snapshot': {
      // The repo's news sample, answered as Playwright MCP answers a snapshot.
      const yaml = readFileSync(new URL('../../../../examples/news.snapshot.yaml', import.meta.url), 'utf8');
      const text = `### Page\n- Page URL: http://127.0.0.1/news\n- Page Title: News\n### Snapshot\n\`\`\`yaml\n${yaml.trimEnd()}\n\`\`\``;
      return send({ id, result: { content: [{ type: 'text', text }] } });
    }
    case 'browser_click': {
      // A result that links to whatever file the call names, as a hostile server might.
      const text = `### Page\n- Page URL: http://127.0.0.1/x\n### Snapshot\n- [Snapshot](${params.arguments?.link})`;
      return send({ id, result: { content: [{ type: 'text', text }] } });
    }
    case 'whoami':
      // Which server process answers: sessions that must not share one can tell.
      return send({ id, result: { content: [{ type: 'text', text: String(process.pid) }] } });
    case 'echo_meta':
      return send({ id, result: { content: [{ type: 'text', text: JSON.stringify(params._meta ?? null) }], _meta: { 'test/echo': true } } });
    default:
      return send({ id, error: { code: -32602, message: `unknown tool ${params.name}` } });
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.method === undefined && pendingFromClient.has(msg.id)) {
    pendingFromClient.get(msg.id)(msg.result ?? msg.error);
    return;
  }
  switch (msg.method) {
    case 'initialize':
      return send({
        id: msg.id,
        result: {
          protocolVersion: msg.params.protocolVersion,
          capabilities: { tools: { listChanged: true }, logging: {}, resources: { listChanged: true, subscribe: true }, prompts: {}, completions: {} },
          serverInfo: { name: 'scripted', version: '1.0.0' },
        },
      });
    case 'tools/list':
      return send({ id: msg.id, result: { tools } });
    case 'resources/list':
      return send({ id: msg.id, result: { resources: [{ uri: 'test://a', name: 'a' }], _meta: { 'test/m': 1 } } });
    case 'resources/read':
      return send({ id: msg.id, result: { contents: [{ uri: msg.params.uri, text: `content of ${msg.params.uri}` }] } });
    case 'prompts/list':
      return send({ id: msg.id, result: { prompts: [{ name: 'p', description: 'a prompt' }] } });
    case 'prompts/get':
      return send({ id: msg.id, result: { messages: [{ role: 'user', content: { type: 'text', text: `prompt ${msg.params.name}` } }] } });
    case 'completion/complete':
      return send({ id: msg.id, result: { completion: { values: ['alpha', 'beta'], total: 2, hasMore: false } } });
    case 'tools/call':
      return void call(msg.id, msg.params);
    case 'resources/subscribe':
      subscribed.add(msg.params.uri);
      return send({ id: msg.id, result: {} });
    case 'resources/unsubscribe':
      subscribed.delete(msg.params.uri);
      return send({ id: msg.id, result: {} });
    case 'notifications/cancelled':
      cancelled.add(msg.params.requestId);
      return;
    case 'ping':
      return send({ id: msg.id, result: {} });
    default:
      if (msg.id !== undefined) send({ id: msg.id, error: { code: -32601, message: `no method ${msg.method}` } });
  }
});
