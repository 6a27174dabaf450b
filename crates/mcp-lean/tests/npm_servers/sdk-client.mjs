// An agent's session through `mcp-lean proxy --listen`, driven by an official MCP SDK client:
//   node sdk-client.mjs SDK MODE PROXY_URL SITE_URL SCENARIO
// SDK: v1 (@modelcontextprotocol/sdk) or v2 (@modelcontextprotocol/client).
// MODE (v2 only): legacy (the SDK's default), auto, or a version to pin (2026-07-28).
// SCENARIO: `session` (tools, a goal digest, a click on its ref, a large output read), or
// `own-page:PATH:ROUNDS` (opens PATH and checks ROUNDS times, 2.5 s apart, that the page is
// still its own: a second client at the same time must have a page of its own).
// MCP_LEAN_TOKEN, when set, goes with every request as `Authorization: Bearer`.
// The test copies this file next to the npm packages it imports. It prints one JSON line of
// what it saw and exits 1 on the first failed check.

const [sdk, mode, proxyUrl, siteUrl, scenario] = process.argv.slice(2);

const fail = (what, detail) => {
  console.log(JSON.stringify({ ok: false, what, detail: String(detail).slice(0, 2000) }));
  process.exit(1);
};
const check = (cond, what, detail = '') => {
  if (!cond) fail(what, detail);
};

const token = process.env.MCP_LEAN_TOKEN;
const options = token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {};
let client;
let transport;
if (sdk === 'v1') {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  transport = new StreamableHTTPClientTransport(new URL(proxyUrl), options);
  client = new Client({ name: 'sdk-v1-test', version: '1.0.0' });
} else {
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const versionNegotiation = { mode: mode === 'legacy' || mode === 'auto' ? mode : { pin: mode } };
  transport = new StreamableHTTPClientTransport(new URL(proxyUrl), options);
  client = new Client({ name: 'sdk-v2-test', version: '2.0.0' }, { capabilities: {}, versionNegotiation });
}
await client.connect(transport);
const seen = {
  sdk,
  mode,
  protocol: client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? null,
  era: client.getProtocolEra?.() ?? 'legacy',
  session: transport.sessionId ?? null,
};

const text = (result) => (result.content ?? []).map((c) => c.text ?? '').join('\n');
const call = async (name, args) => {
  const result = await client.callTool({ name, arguments: args });
  check(!result.isError, `${name} returned an error`, text(result));
  return result;
};

if (scenario === 'session') {
  const { tools } = await client.listTools();
  const snapshot = tools.find((t) => t.name === 'browser_snapshot');
  check(snapshot?.inputSchema?.properties?.goal, 'browser_snapshot takes a goal', JSON.stringify(snapshot));
  check(tools.some((t) => t.name === 'confirm_output'), 'the read tool is listed');
  await call('browser_navigate', { url: `${siteUrl}/shop` });
  const digest = text(await call('browser_snapshot', { goal: 'put the kettle in my basket' }));
  const line = digest.split('\n').find((l) => l.includes('button "Add to basket"'));
  const ref = line?.match(/\[ref=([^\]]+)\]/)?.[1];
  check(ref, 'the goal digest holds the button', digest);
  seen.ref = ref;
  const clicked = text(await call('browser_click', { target: ref, element: 'Add to basket', goal: 'the basket' }));
  check(clicked.includes('Basket (1)'), 'the click on the ref worked', clicked);
  const fn = "() => Array.from({length: 3000}, (_, i) => ({i, tag: 'div', text: 'item ' + i}))";
  const preview = text(await call('browser_evaluate', { function: fn }));
  const token = preview.match(/confirmToken=([A-Za-z0-9_-]+)/)?.[1];
  check(token, 'a large output is previewed with a token', preview);
  const first = await call('confirm_output', { token, offset: 1, limit: 5 });
  check(first.content.length === 2 && first.content[0].text.startsWith('# lines 1-5 of'), 'a slice is read', text(first));
  const found = await call('confirm_output', { token, pattern: '"item 2999"' });
  check(text(found).includes('"item 2999"'), 'a pattern is found', text(found));
  seen.read = true;
} else if (scenario?.startsWith('own-page:')) {
  const [path, rounds] = scenario.slice('own-page:'.length).split(':');
  await call('browser_navigate', { url: `${siteUrl}${path}` });
  for (let round = 0; round < Number(rounds); round++) {
    await new Promise((r) => setTimeout(r, 2500));
    const page = text(await call('browser_snapshot', {}));
    const url = page.match(/Page URL: (\S+)/)?.[1];
    check(url === `${siteUrl}${path}`, `round ${round}: the page is still this client's own`, page.slice(0, 400));
  }
  seen.path = path;
} else {
  fail('unknown scenario', scenario);
}

if (transport.sessionId && transport.terminateSession) await transport.terminateSession();
await client.close();
console.log(JSON.stringify({ ok: true, ...seen }));
