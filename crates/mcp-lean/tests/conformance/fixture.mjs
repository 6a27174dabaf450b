// The server behind `mcp-lean proxy --listen` when the official conformance suite
// (@modelcontextprotocol/conformance 0.2.0-alpha.12) runs its server scenarios against the proxy: it
// implements what those scenarios ask for, written from their descriptions (`conformance list`).
// Stdio, the older protocol era (SDK v1, which scripts/conformance.sh finds under target/npm):
// it asks its client things in the middle of a call (elicitation, sampling, roots), and the
// proxy turns each question into an `InputRequiredResult` for a client of the 2026-07-28
// revision. The keys the scenarios expect in `inputRequests` are named with the proxy's
// `mcp-lean/inputKey` `_meta` hint, the only way a server of this era can name them.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema, CompleteRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema,
  ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema,
  ReadResourceRequestSchema, SetLevelRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema,
  ElicitResultSchema, CreateMessageResultSchema, ListRootsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';

// 1x1 PNG and a tiny WAV (44-byte header + 2 samples).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1f, 0, 0, 0x80, 0x3e, 0, 0, 2, 0, 16, 0]),
  Buffer.from('data'), Buffer.from([4, 0, 0, 0, 0, 0, 0, 0])]).toString('base64');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const noArgs = { type: 'object', properties: {} };

const TOOLS = [
  ['test_simple_text', 'Returns simple text', noArgs],
  ['test_image_content', 'Returns an image', noArgs],
  ['test_audio_content', 'Returns audio', noArgs],
  ['test_embedded_resource', 'Returns an embedded resource', noArgs],
  ['test_multiple_content_types', 'Returns text, image and resource', noArgs],
  ['test_tool_with_logging', 'Logs three messages', noArgs],
  ['test_tool_with_progress', 'Reports progress', noArgs],
  ['test_error_handling', 'Always fails', noArgs],
  ['test_sampling', 'Asks the client to sample', { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] }],
  ['test_elicitation', 'Asks the user', { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }],
  ['test_elicitation_sep1034_defaults', 'Elicitation with defaults', noArgs],
  ['test_elicitation_sep1330_enums', 'Elicitation with enums', noArgs],
  ['test_missing_capability', 'Needs sampling, which the client must have declared', noArgs],
  ['test_trigger_tool_change', 'Changes the tool list (sends tools/list_changed)', noArgs],
  ['test_trigger_prompt_change', 'Changes the prompt list (sends prompts/list_changed)', noArgs],
  ['test_trigger_resource_update', 'Updates test://watched-resource (sends resources/updated)', noArgs],
  ['test_streaming_elicitation', 'Asks the user during the call', noArgs],
  ['test_logging_tool', 'Logs during the call', noArgs],
  ['test_input_required_result_elicitation', 'Asks the user for a name', noArgs],
  ['test_input_required_result_sampling', 'Asks the client to sample', noArgs],
  ['test_input_required_result_list_roots', 'Asks the client for its roots', noArgs],
  ['test_input_required_result_request_state', 'Asks for a confirmation', noArgs],
  ['test_input_required_result_multiple_inputs', 'Asks three things at once', noArgs],
  ['test_input_required_result_multi_round', 'Asks two things, one after the other', noArgs],
  ['test_input_required_result_tampered_state', 'Asks for a confirmation', noArgs],
  ['test_input_required_result_capabilities', 'Asks only what the client can answer', noArgs],
  ['json_schema_2020_12_tool', 'Tool with JSON Schema 2020-12 features', {
    $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object',
    $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
    properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } }, additionalProperties: false,
  }],
].map(([name, description, inputSchema]) => ({ name, description, inputSchema }));

// The questions the input-required scenarios expect, each with the key they expect it under.
const hint = (key) => ({ _meta: { 'mcp-lean/inputKey': key } });
const nameSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const confirmSchema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };

function makeServer() {
  const server = new Server({ name: 'conformance-fixture', version: '1.0.0' }, {
    capabilities: {
      tools: { listChanged: true }, resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true }, logging: {}, completions: {},
    },
  });
  const text = (t) => ({ type: 'text', text: t });
  const log = (data) => server.sendLoggingMessage({ level: 'info', data });
  const elicit = (key, message, requestedSchema) =>
    server.request({ method: 'elicitation/create', params: { message, requestedSchema, ...hint(key) } }, ElicitResultSchema);
  const sample = (key, prompt, maxTokens) => server.request({ method: 'sampling/createMessage', params: {
    messages: [{ role: 'user', content: text(prompt) }], maxTokens, ...hint(key) } }, CreateMessageResultSchema);
  const roots = (key) => server.request({ method: 'roots/list', params: hint(key) }, ListRootsResultSchema);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const args = req.params.arguments ?? {};
    switch (req.params.name) {
      case 'test_simple_text': return { content: [text('This is a simple text response for testing.')] };
      case 'test_image_content': return { content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] };
      case 'test_audio_content': return { content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] };
      case 'test_embedded_resource': return { content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }] };
      case 'test_multiple_content_types': return { content: [text('Multiple content types test:'),
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } }] };
      case 'test_tool_with_logging':
        await log('Tool execution started'); await sleep(50);
        await log('Tool processing data'); await sleep(50);
        await log('Tool execution completed');
        return { content: [text('Logging test completed')] };
      case 'test_tool_with_progress': {
        const token = req.params._meta?.progressToken;
        for (const p of [0, 50, 100]) {
          if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: p, total: 100 } });
          if (p < 100) await sleep(50);
        }
        return { content: [text('Progress test completed')] };
      }
      case 'test_error_handling': return { isError: true, content: [text('This tool intentionally returns an error for testing')] };
      case 'test_sampling': {
        const r = await server.request({ method: 'sampling/createMessage', params: {
          messages: [{ role: 'user', content: text(args.prompt) }], maxTokens: 100 } }, CreateMessageResultSchema);
        return { content: [text(`LLM response: ${r.content?.text ?? JSON.stringify(r.content)}`)] };
      }
      case 'test_elicitation': {
        const r = await server.request({ method: 'elicitation/create', params: { message: args.message, requestedSchema: {
          type: 'object', properties: { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } },
          required: ['username', 'email'] } } }, ElicitResultSchema);
        return { content: [text(`User response: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`)] };
      }
      case 'test_elicitation_sep1034_defaults': {
        const r = await server.request({ method: 'elicitation/create', params: { message: 'Defaults test', requestedSchema: {
          type: 'object', properties: {
            name: { type: 'string', default: 'John Doe' }, age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', default: true } } } } }, ElicitResultSchema);
        return { content: [text(`Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`)] };
      }
      case 'test_elicitation_sep1330_enums': {
        const r = await server.request({ method: 'elicitation/create', params: { message: 'Enums test', requestedSchema: {
          type: 'object', properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: { type: 'string', oneOf: [{ const: 'value1', title: 'First Option' }, { const: 'value2', title: 'Second Option' }, { const: 'value3', title: 'Third Option' }] },
            legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
            untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
            titledMulti: { type: 'array', items: { anyOf: [{ const: 'value1', title: 'First Choice' }, { const: 'value2', title: 'Second Choice' }, { const: 'value3', title: 'Third Choice' }] } },
          } } } }, ElicitResultSchema);
        return { content: [text(`Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`)] };
      }
      case 'test_missing_capability': {
        // Without sampling this tool cannot work: the proxy's missing-capability error (-32021)
        // goes back to the client as this call's error.
        const r = await sample('capital_question', 'What is the capital of France?', 100);
        return { content: [text(`LLM response: ${r.content?.text}`)] };
      }
      case 'test_trigger_tool_change': await server.sendToolListChanged(); return { content: [text('tool list changed')] };
      case 'test_trigger_prompt_change': await server.sendPromptListChanged(); return { content: [text('prompt list changed')] };
      case 'test_trigger_resource_update':
        await server.sendResourceUpdated({ uri: 'test://watched-resource' });
        return { content: [text('resource updated')] };
      case 'test_streaming_elicitation': {
        const r = await elicit('confirm', 'Continue?', confirmSchema);
        return { content: [text(`action=${r.action}`)] };
      }
      case 'test_logging_tool':
        await log('logging tool started'); await log('logging tool done');
        return { content: [text('logged')] };
      case 'test_input_required_result_elicitation': {
        const r = await elicit('user_name', 'What is your name?', nameSchema);
        return { content: [text(`Hello, ${r.content?.name ?? 'stranger'}!`)] };
      }
      case 'test_input_required_result_sampling': {
        const r = await sample('capital_question', 'What is the capital of France?', 100);
        return { content: [text(`LLM response: ${r.content?.text}`)] };
      }
      case 'test_input_required_result_list_roots': {
        const r = await roots('client_roots');
        return { content: [text(`Roots: ${r.roots.map((root) => root.uri).join(', ')}`)] };
      }
      case 'test_input_required_result_request_state':
      case 'test_input_required_result_tampered_state': {
        // The state is the proxy's: it comes back only after the proxy checked it.
        const r = await elicit('confirm', 'Please confirm', confirmSchema);
        return { content: [text(`state-ok: confirmed=${r.content?.ok}`)] };
      }
      case 'test_input_required_result_multiple_inputs': {
        // The three requests leave in one write, as one batch the proxy sees together.
        process.stdout.cork();
        const all = Promise.all([
          elicit('user_name', 'What is your name?', nameSchema),
          sample('greeting', 'Generate a greeting', 50),
          roots('client_roots'),
        ]);
        setImmediate(() => process.stdout.uncork());
        const [named, greeted, listed] = await all;
        return { content: [text(`name=${named.content?.name}, greeting=${greeted.content?.text}, roots=${listed.roots.length}`)] };
      }
      case 'test_input_required_result_multi_round': {
        const first = await elicit('step1', 'Step 1: What is your name?', nameSchema);
        const second = await elicit('step2', 'Step 2: What is your favorite color?',
          { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] });
        return { content: [text(`${first.content?.name} likes ${second.content?.color}`)] };
      }
      case 'test_input_required_result_capabilities': {
        // Asks the user if it can; a client that declared no elicitation gets its answer from
        // sampling instead (the proxy answers the elicitation with -32021 for it).
        try {
          const r = await elicit('user_name', 'What is your name?', nameSchema);
          return { content: [text(`Hello, ${r.content?.name}!`)] };
        } catch (e) {
          if (e.code !== -32021) throw e;
        }
        const r = await sample('capital_question', 'What is the capital of France?', 100);
        return { content: [text(`LLM response: ${r.content?.text}`)] };
      }
      case 'json_schema_2020_12_tool': return { content: [text(JSON.stringify(args))] };
      default: return { isError: true, content: [text(`Unknown tool: ${req.params.name}`)] };
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [
    { uri: 'test://static-text', name: 'static-text', description: 'Static text resource', mimeType: 'text/plain' },
    { uri: 'test://static-binary', name: 'static-binary', description: 'Static binary resource', mimeType: 'image/png' },
    { uri: 'test://watched-resource', name: 'watched-resource', description: 'Subscribable resource', mimeType: 'text/plain' },
  ] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [
    { uriTemplate: 'test://template/{id}/data', name: 'template', description: 'Template resource', mimeType: 'application/json' },
  ] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const uri = req.params.uri;
    if (uri === 'test://static-text') return { contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] };
    if (uri === 'test://static-binary') return { contents: [{ uri, mimeType: 'image/png', blob: PNG }] };
    if (uri === 'test://watched-resource') return { contents: [{ uri, mimeType: 'text/plain', text: `watched at ${Date.now()}` }] };
    const m = /^test:\/\/template\/([^/]+)\/data$/.exec(uri);
    if (m) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id: m[1], templateTest: true, data: `Data for ID: ${m[1]}` }) }] };
    throw Object.assign(new Error(`Resource not found: ${uri}`), { code: -32002 });
  });
  server.setRequestHandler(SubscribeRequestSchema, async () => ({}));
  server.setRequestHandler(UnsubscribeRequestSchema, async () => ({}));

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: [
    { name: 'test_simple_prompt', description: 'Simple prompt' },
    { name: 'test_prompt_with_arguments', description: 'Prompt with arguments', arguments: [
      { name: 'arg1', description: 'First test argument', required: true }, { name: 'arg2', description: 'Second test argument', required: true }] },
    { name: 'test_prompt_with_embedded_resource', description: 'Prompt with embedded resource', arguments: [
      { name: 'resourceUri', description: 'URI of the resource to embed', required: true }] },
    { name: 'test_prompt_with_image', description: 'Prompt with image' },
    { name: 'test_input_required_result_prompt', description: 'Asks the user for context first' },
  ] }));
  server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    const a = req.params.arguments ?? {};
    switch (req.params.name) {
      case 'test_simple_prompt': return { messages: [{ role: 'user', content: text('This is a simple prompt for testing.') }] };
      case 'test_prompt_with_arguments': return { messages: [{ role: 'user', content: text(`Prompt with arguments: arg1='${a.arg1}', arg2='${a.arg2}'`) }] };
      case 'test_prompt_with_embedded_resource': return { messages: [
        { role: 'user', content: { type: 'resource', resource: { uri: a.resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
        { role: 'user', content: text('Please process the embedded resource above.') }] };
      case 'test_prompt_with_image': return { messages: [
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        { role: 'user', content: text('Please analyze the image above.') }] };
      case 'test_input_required_result_prompt': {
        const r = await elicit('user_context', 'What context should the prompt use?',
          { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] });
        return { messages: [{ role: 'user', content: text(`Context: ${r.content?.context}`) }] };
      }
      default: throw new Error(`Unknown prompt: ${req.params.name}`);
    }
  });
  server.setRequestHandler(CompleteRequestSchema, async () => ({ completion: { values: [], total: 0, hasMore: false } }));
  server.setRequestHandler(SetLevelRequestSchema, async () => ({}));
  return server;
}

await makeServer().connect(new StdioServerTransport());
