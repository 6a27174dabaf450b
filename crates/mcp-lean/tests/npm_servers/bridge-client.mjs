// A client of the 2026-07-28 revision through `mcp-lean proxy --listen` in front of the
// conformance fixture (a server of the older era, SDK v1), driven by the official SDK v2 client
// (@modelcontextprotocol/client), which answers `InputRequiredResult`s itself through its
// request handlers and retries:
//   node bridge-client.mjs PROXY_URL
// It prints one JSON line of what it saw and exits 1 on the first failed check. The test copies
// this file next to the npm packages it imports. Every wait is bounded, so a proxy that never
// answers fails the run instead of hanging it.

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const [proxyUrl] = process.argv.slice(2);
const fail = (what, detail) => {
  console.log(JSON.stringify({ ok: false, what, detail: String(detail).slice(0, 2000) }));
  process.exit(1);
};
const check = (cond, what, detail = '') => {
  if (!cond) fail(what, detail);
};
const within = (promise, what) => Promise.race([
  promise,
  new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within 60 s`)), 60_000).unref()),
]);
const text = (result) => (result.content ?? result.messages?.map((m) => m.content) ?? []).map((c) => c.text ?? '').join('\n');

const connect = async (capabilities) => {
  const client = new Client({ name: 'bridge-test', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(proxyUrl)));
  return client;
};

const seen = {};
const able = await connect({ elicitation: {}, sampling: {}, roots: {} });
const asked = [];
able.setRequestHandler('elicitation/create', async (request) => {
  asked.push(request.params.message);
  if (request.params.message.includes('color')) return { action: 'accept', content: { color: 'blue' } };
  if (request.params.message.includes('context')) return { action: 'accept', content: { context: 'tests' } };
  return { action: 'accept', content: { name: 'Alice' } };
});
able.setRequestHandler('sampling/createMessage', async () =>
  ({ role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model', stopReason: 'endTurn' }));
able.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
seen.protocol = able.getNegotiatedProtocolVersion?.() ?? null;

// Two rounds of one call: the SDK answers each InputRequiredResult and retries with the state.
const rounds = await within(able.callTool({ name: 'test_input_required_result_multi_round', arguments: {} }), 'multi-round');
check(text(rounds) === 'Alice likes blue', 'two rounds resume the same call', JSON.stringify(rounds));
check(asked.length === 2, 'each question asked once', JSON.stringify(asked));
// Three questions at once, in one round.
const three = await within(able.callTool({ name: 'test_input_required_result_multiple_inputs', arguments: {} }), 'three questions');
check(text(three) === 'name=Alice, greeting=Paris, roots=1', 'three questions at once', JSON.stringify(three));
// Not only tools: a prompt.
const prompt = await within(able.getPrompt({ name: 'test_input_required_result_prompt' }), 'prompt');
check(text(prompt).includes('Context: tests'), 'a prompt asks too', JSON.stringify(prompt));

// Two subscription streams at once, each acknowledged with its own filter; a change of the
// tools reaches the client (which stream carries what is checked over stdio, where the order
// of the streams' messages is one).
let toolsChanged;
const toolsSeen = new Promise((resolve) => { toolsChanged = resolve; });
able.setNotificationHandler('notifications/tools/list_changed', () => toolsChanged());
const tools = await within(able.listen({ toolsListChanged: true }), 'listen for tools');
const prompts = await within(able.listen({ promptsListChanged: true }), 'listen for prompts');
check(tools.honoredFilter.toolsListChanged === true && !tools.honoredFilter.promptsListChanged,
  'the tools stream is acknowledged with its filter', JSON.stringify(tools.honoredFilter));
check(prompts.honoredFilter.promptsListChanged === true && !prompts.honoredFilter.toolsListChanged,
  'the prompts stream is acknowledged with its filter', JSON.stringify(prompts.honoredFilter));
await within(able.callTool({ name: 'test_trigger_tool_change', arguments: {} }), 'trigger');
await within(toolsSeen, 'the tools notification');
await tools.close();
await prompts.close();
seen.listened = true;

// A client that declared nothing: the tool that needs sampling fails with -32021, and the
// client that can answer goes on.
const unable = await connect({});
try {
  const result = await within(unable.callTool({ name: 'test_missing_capability', arguments: {} }), 'missing capability');
  fail('a tool needing an undeclared capability fails', JSON.stringify(result));
} catch (e) {
  check(e.code === -32021 || String(e).includes('-32021'), 'the error is -32021', `${e.code} ${e}`);
  seen.missing = e.code ?? -32021;
}
const again = await within(able.callTool({ name: 'test_input_required_result_elicitation', arguments: {} }), 'the other client');
check(text(again) === 'Hello, Alice!', 'the other client goes on', JSON.stringify(again));

await unable.close();
await able.close();
console.log(JSON.stringify({ ok: true, ...seen }));
