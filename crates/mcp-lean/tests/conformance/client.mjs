// The client under test when the official conformance suite runs its client scenarios: the
// suite starts a test server and runs this with the server's URL last. The client under test is
// the proxy's own upstream client: this script starts `mcp-lean proxy --upstream-url URL` over
// stdio ($MCP_LEAN_BIN) and acts as an agent through it, a client of the older era (SDK v1):
// lists and calls every tool (with the arguments the scenario gives in MCP_CONFORMANCE_CONTEXT,
// when it gives some), answers an elicitation with the defaults the schema gives. A server of
// the 2026 era that answers with an InputRequiredResult is answered by the proxy, which asks
// this client the questions as requests of the older era.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const url = process.argv.at(-1);
const transport = new StdioClientTransport({
  command: process.env.MCP_LEAN_BIN,
  args: ['proxy', '--upstream-url', url, '--timeout', '20'],
  stderr: 'inherit',
});
const client = new Client({ name: 'mcp-lean-conformance', version: '1.0.0' }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  const properties = request.params.requestedSchema?.properties ?? {};
  const content = Object.fromEntries(
    Object.entries(properties).filter(([, p]) => p.default !== undefined).map(([name, p]) => [name, p.default]),
  );
  return { action: 'accept', content };
});
await client.connect(transport);
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const given = new Map((context.toolCalls ?? []).map((call) => [call.name, call.arguments]));
const { tools } = await client.listTools();
for (const tool of tools) {
  if (tool.name === 'confirm_output') continue;
  let args = given.get(tool.name) ?? {};
  if (tool.name === 'add_numbers') args = { a: 2, b: 3 };
  // The echo tool gets the focal tool's schema back, as this client received it through the
  // proxy (the scenario checks that nothing on the way dropped a keyword).
  if (tool.name === 'json_schema_echo') {
    args = { schema: tools.find((t) => t.name === 'json_schema_2020_12_tool')?.inputSchema ?? {} };
  }
  try {
    await client.callTool({ name: tool.name, arguments: args });
  } catch (e) {
    console.error(`${tool.name}: ${e}`);
  }
}
await client.close();
