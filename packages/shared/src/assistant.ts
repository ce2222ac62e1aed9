/**
 * Pure rules of the AI assistant: which suggested question a message asks (the offline mode's templates), which
 * numbers of an answer no source backs, and the masking of student names before an outside provider sees them.
 */
import type { AssistantSource } from './api/assistant.js';

/** The offline mode's topics, each answered by one tool; checked in this order. */
export const OFFLINE_INTENTS = [
  { tool: 'knowledge_points', words: ['知识点'] },
  { tool: 'weak_questions', words: ['题目', '哪道题', '哪些题', '错题', '小题'] },
  { tool: 'student_progress', words: ['进步', '退步', '名次变化'] },
  { tool: 'critical_students', words: ['临界', '上线', '踩线'] },
  { tool: 'weakest_classes', words: ['薄弱', '最弱', '班级', '哪个班', '哪些班'] },
  { tool: 'exam_overview', words: ['总体', '概况', '整体', '平均分', '情况'] },
] as const;

/** The tool that answers a message in the offline mode, or null (then the offline mode lists what it can answer). */
export function offlineIntent(message: string): (typeof OFFLINE_INTENTS)[number]['tool'] | null {
  return OFFLINE_INTENTS.find((i) => i.words.some((w) => message.includes(w)))?.tool ?? null;
}

const NUMBER = /\d+(?:\.\d+)?%?/g;

/**
 * Numbers of the answer that appear in none of the sources' facts (labels or values) — a number the model made up
 * or computed itself. Citation markers [S1] and ordinals of the sources are not numbers of the answer.
 */
export function unsourcedNumbers(answer: string, sources: Pick<AssistantSource, 'facts' | 'title'>[]): string[] {
  const known = new Set<string>();
  for (const s of sources) {
    for (const text of [s.title, ...s.facts.flatMap((f) => [f.label, f.value])]) for (const m of text.match(NUMBER) ?? []) known.add(m);
  }
  const text = answer.replace(/\[S\d+\]/g, '');
  const out: string[] = [];
  for (const m of text.match(NUMBER) ?? []) if (!known.has(m) && !out.includes(m)) out.push(m);
  return out;
}

/**
 * Student names → 〔学生1〕, 〔学生2〕 … in text sent out, and back in the text that comes back. The brackets let a
 * stream hold back an unfinished pseudonym (see `pending`).
 */
export class NameMask {
  private readonly toAlias = new Map<string, string>();
  private readonly toName = new Map<string, string>();

  add(names: string[]): void {
    for (const n of names) {
      if (!n || this.toAlias.has(n)) continue;
      const alias = `〔学生${this.toAlias.size + 1}〕`;
      this.toAlias.set(n, alias);
      this.toName.set(alias, n);
    }
  }

  get size(): number { return this.toAlias.size; }

  /** Longest names first, so that 张三丰 is not masked as 〔学生1〕丰 when 张三 is also a student. */
  mask(text: string): string {
    let out = text;
    for (const n of [...this.toAlias.keys()].sort((a, b) => b.length - a.length)) out = out.split(n).join(this.toAlias.get(n)!);
    return out;
  }

  unmask(text: string): string {
    return text.replace(/〔学生\d+〕/g, (a) => this.toName.get(a) ?? a);
  }

  /** Splits streamed text into what can be shown now and an unfinished 〔… kept for the next piece. */
  static pending(text: string): [ready: string, rest: string] {
    const i = text.lastIndexOf('〔');
    return i >= 0 && !text.includes('〕', i) && text.length - i < 12 ? [text.slice(0, i), text.slice(i)] : [text, ''];
  }
}

/** The sections of an AI 慧教研 draft, in order; the model heads each with 【title】 on a line of its own. */
export const HUIJIAOYAN_SECTIONS = ['成绩概况', '优势', '薄弱题目', '薄弱知识点', '教学建议'] as const;

const HEADING = new RegExp(`^\\s*(?:#+\\s*)?[【\\[]?(${HUIJIAOYAN_SECTIONS.join('|')})[】\\]]?\\s*[:：]?\\s*$`);

/**
 * A model's draft text split at its section headings (【优势】, ## 优势 or 优势： alone on a line); text before the
 * first heading is dropped, a repeated heading adds to its section. Works on a partial stream as well.
 */
export function splitSections(text: string): { title: string; text: string }[] {
  const out: { title: string; text: string }[] = [];
  let current: { title: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const body = current.lines.join('\n').trim();
    const same = out.find((s) => s.title === current!.title);
    if (same) same.text = [same.text, body].filter(Boolean).join('\n');
    else out.push({ title: current.title, text: body });
  };
  for (const line of text.split('\n')) {
    const m = HEADING.exec(line);
    if (m) { flush(); current = { title: m[1]!, lines: [] }; } else current?.lines.push(line);
  }
  flush();
  return out;
}
