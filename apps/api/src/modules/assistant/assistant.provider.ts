/**
 * The provider's tool loop, shared by the drawer's answers and the AI 慧教研 draft: stream a chat completion, run the
 * tools it calls (role-cut report services), send their results back, until the model writes its text. Student
 * names are masked both ways unless they may be sent.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AssistantSource } from '@jz/shared/api/assistant';
import { NameMask } from '@jz/shared/assistant';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import type { AssistantConfig } from './assistant.config.js';
import * as repo from './assistant.repository.js';
import { isToolName, runTool, toolDefinitions, TOOLS, type ToolName, type ToolResult, type ToolScope } from './assistant.tools.js';
import { providerMessage, ProviderReplyError } from './assistant.errors.js';

const MAX_ROUNDS = 4;

export const sourceOf = (n: number, tool: ToolName, r: ToolResult): AssistantSource => ({ id: `S${n}`, tool, title: r.title, facts: r.facts });

/** Whether student names may reach the provider: an on-premises endpoint, or the school's switch. */
export async function namesAllowed(db: Db, config: AssistantConfig, schoolId: number): Promise<boolean> {
  return Boolean(config.provider?.onPremises) || await repo.shareStudentNames(db, schoolId);
}

/**
 * The school's student names found in text the user typed (question, attachment), for the mask. Names of one
 * character are left alone: they would mask ordinary words.
 */
export async function typedNames(db: Db, schoolId: number, text: string): Promise<string[]> {
  const names = await repo.studentNames(db, schoolId);
  return names.filter((n) => n.length >= 2 && text.includes(n));
}

/** The tool result as the model reads it (its source id, title and facts; the notes when it has no facts). */
export function toolMessage(source: AssistantSource, r: ToolResult, mask: NameMask | null): string {
  const sent = JSON.stringify({ source: source.id, title: r.title, facts: r.facts, notes: r.facts.length ? undefined : r.lines });
  return mask ? mask.mask(sent) : sent;
}

export type LoopEvent = { type: 'tool'; name: string; title: string } | { type: 'delta'; text: string };

export interface LoopInput {
  config: AssistantConfig;
  scope: ToolScope;
  model: string;
  messages: ChatCompletionMessageParam[];
  /** Sources so far; the tools the model calls are appended (S{n+1} …). */
  sources: AssistantSource[];
  /** null: names may be sent as they are. */
  mask: NameMask | null;
  /** The loop's own events: the tools it runs and the text as it streams. */
  emit: (e: LoopEvent) => void;
  signal: AbortSignal;
}

/** Runs the loop; returns the model's final text with real names. Any failure is a BizError in Chinese (502). */
export async function toolLoop(input: LoopInput): Promise<string> {
  const { config, scope, model, messages, sources, mask, emit, signal } = input;
  const p = config.provider!;
  const client = new OpenAI({ baseURL: p.baseUrl, apiKey: p.apiKey, timeout: p.timeoutMs, maxRetries: 0 });
  const unmask = (s: string) => (mask ? mask.unmask(s) : s);
  const timer = AbortSignal.any([signal, AbortSignal.timeout(p.timeoutMs)]);
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const stream = await client.chat.completions.create({ model, messages, tools: toolDefinitions(), stream: true }, { signal: timer });
      let text = '';
      let held = '';
      const calls: { id: string; name: string; args: string }[] = [];
      for await (const chunk of stream) {
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const d = choice.delta ?? {};
        if (d.content) {
          text += d.content;
          const [ready, rest] = NameMask.pending(held + d.content);
          held = rest;
          if (ready) emit({ type: 'delta', text: unmask(ready) });
        }
        for (const tc of d.tool_calls ?? []) {
          const c = (calls[tc.index] ??= { id: '', name: '', args: '' });
          if (tc.id) c.id = tc.id;
          if (tc.function?.name) c.name += tc.function.name;
          if (tc.function?.arguments) c.args += tc.function.arguments;
        }
      }
      if (held) emit({ type: 'delta', text: unmask(held) });
      const wanted = calls.filter(Boolean);
      if (!wanted.length) {
        if (!text.trim()) throw new ProviderReplyError();
        return unmask(text);
      }
      messages.push({ role: 'assistant', content: text || null, tool_calls: wanted.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) });
      for (const c of wanted) {
        if (!isToolName(c.name)) throw new ProviderReplyError();
        let args: unknown;
        try { args = c.args.trim() ? JSON.parse(c.args) : {}; } catch { throw new ProviderReplyError(); }
        emit({ type: 'tool', name: c.name, title: TOOLS[c.name].description });
        const r = await runTool(scope, c.name, args);
        const source = sourceOf(sources.length + 1, c.name, r);
        sources.push(source);
        mask?.add(r.names);
        messages.push({ role: 'tool', tool_call_id: c.id, content: toolMessage(source, r, mask) });
      }
    }
    throw new BizError('AI 模型多次调用工具仍未给出回答，请换个问法再试');
  } catch (err) {
    throw new BizError(providerMessage(err, signal), 502);
  }
}
