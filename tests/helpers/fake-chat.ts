import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AssistantConfig } from '../../apps/api/src/modules/assistant/assistant.config.js';

/**
 * A local server speaking OpenAI chat completions (POST /v1/chat/completions, `stream: true` as server-sent events
 * with `data: [DONE]`), scripted per test: each request takes the next step of the script. A step streams text
 * and/or tool calls in pieces, answers an HTTP error, hangs (timeout) or sends a body that is not the protocol.
 */
export type ChatStep =
  | { text?: string[]; toolCalls?: { name: string; args: string }[] }
  | { status: number; error: string }
  | { hang: true }
  | { garbage: string };

export interface FakeChat { server: Server; base: string; script: ChatStep[]; requests: { model: string; messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: unknown[]; auth?: string }[]; close(): Promise<void> }

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

export async function startFakeChat(): Promise<FakeChat> {
  const fake: FakeChat = { server: undefined as never, base: '', script: [], requests: [], close: async () => undefined };
  fake.server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => { raw += d; });
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') { res.statusCode = 404; res.end(); return; }
      fake.requests.push({ ...JSON.parse(raw), auth: req.headers.authorization });
      const step = fake.script.shift() ?? { garbage: 'no step left' };
      if ('hang' in step) return; // never answers
      if ('status' in step) {
        res.writeHead(step.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: step.error, type: 'invalid_request_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if ('garbage' in step) { res.end(`data: ${step.garbage}\n\n`); return; }
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of step.text ?? []) res.write(chunk({ content: piece }));
      (step.toolCalls ?? []).forEach((c, index) => {
        // the name in the first piece, the arguments split in two, as real providers stream them
        res.write(chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: c.name, arguments: '' } }] }));
        const half = Math.floor(c.args.length / 2);
        res.write(chunk({ tool_calls: [{ index, function: { arguments: c.args.slice(0, half) } }] }));
        res.write(chunk({ tool_calls: [{ index, function: { arguments: c.args.slice(half) } }] }));
      });
      res.write(chunk({}, step.toolCalls?.length ? 'tool_calls' : 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  fake.close = () => new Promise<void>((r) => { fake.server.closeAllConnections(); fake.server.close(() => r()); });
  return fake;
}

export function fakeChatConfig(fake: FakeChat, over: Partial<AssistantConfig> = {}): AssistantConfig {
  return {
    provider: { baseUrl: fake.base, apiKey: 'test-key', models: [{ id: 'deepseek-chat', label: 'DeepSeek' }, { id: 'qwen-plus', label: '通义千问' }], onPremises: false, timeoutMs: 3000 },
    schoolDailyLimit: 1000, userDailyLimit: 1000, perMinuteLimit: 1000, ...over,
  };
}

/** The events of an assistant/chat answer (the SSE body), or the JSON refusal. */
export function parseEvents(body: string): { type: string; [k: string]: any }[] {
  return body.split('\n\n').filter((b) => b.startsWith('data: ')).map((b) => JSON.parse(b.slice(6)));
}
