/**
 * A paper's paragraphs → questions. Sections (一、选择题) give the type; a paragraph starting “1.” / “1．” / “1、”
 * starts a question (a decimal such as “1.5” does not); “（1）” sub-items stay in their question; paragraphs
 * starting with “A.” hold options (several may share one line: A.1 B.2 C.3 D.4, letters in order); 【答案】/答案：
 * and 【解析】/解析： lines fill the answer and the analysis. Images are written as <img src="docx:part"> for the
 * caller to replace by a data: URL (preview) or the stored image's address (import).
 */
import type { Paragraph, Segment } from './document.js';

export type PaperQuestionType = 'single' | 'multiple' | 'judge' | 'fill' | 'subjective';

export interface PaperQuestion {
  /** The number written in the paper (第 no 题). */
  no: number;
  section: string;
  type: PaperQuestionType;
  stem: string;
  options: { label: string; content: string }[];
  answer: string;
  analysis: string;
  /** Media parts the question's HTML points at. */
  images: string[];
  /** What could not be read (formulas, objects, a choice without options): the question cannot be imported. */
  errors: string[];
}

const SECTION = /^\s*([一二三四五六七八九十]{1,3})\s*[、.．]\s*(.*)$/;
const QUESTION = /^\s*(\d{1,3})\s*[.．、]\s*(?!\d)/;
const OPTION_START = /^\s*A\s*[.．、]/;
const ANSWER = /^\s*(?:【\s*答案\s*】|答案\s*[:：])\s*/;
const ANALYSIS = /^\s*(?:【\s*(?:解析|详解|分析)\s*】|(?:解析|详解)\s*[:：])\s*/;

export const IMAGE_SCHEME = 'docx:';

export function sectionType(title: string): PaperQuestionType | null {
  if (/多选|不定项/.test(title)) return 'multiple';
  if (/选择/.test(title)) return 'single';
  if (/填空/.test(title)) return 'fill';
  if (/判断/.test(title)) return 'judge';
  if (/解答|计算|简答|证明|作图|实验|综合|阅读|作文|写作|应用/.test(title)) return 'subjective';
  return null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Inline HTML of segments; a text '$' is escaped so that it never opens a formula. */
function html(segs: Segment[], images: string[]): string {
  return segs.map((s) => {
    if (s.kind === 'text') return escapeHtml(s.text).replace(/\$/g, '&#36;');
    if (s.kind === 'math') return `$${s.tex}$`;
    if (s.kind === 'image') { images.push(s.target); return `<img src="${IMAGE_SCHEME}${escapeHtml(s.target)}" alt="图片">`; }
    return '';
  }).join('').trim();
}

const plain = (p: Paragraph) => p.map((s) => (s.kind === 'text' ? s.text : s.kind === 'math' ? '$' : s.kind === 'image' ? '□' : '')).join('');

/** Removes `n` leading characters of text from a paragraph (the marker already read). */
function dropPrefix(p: Paragraph, n: number): Paragraph {
  const out: Paragraph = [];
  let left = n;
  for (const s of p) {
    if (left > 0 && s.kind === 'text') {
      if (s.text.length <= left) { left -= s.text.length; continue; }
      out.push({ kind: 'text', text: s.text.slice(left) });
      left = 0;
    } else out.push(s);
  }
  return out;
}

/** Splits an options paragraph at A. B. C. … (letters in order, each at the start or after a space). */
function splitOptions(p: Paragraph, from: string): { label: string; segs: Segment[] }[] {
  const out: { label: string; segs: Segment[] }[] = [];
  let next = from.charCodeAt(0);
  let cur: Segment[] = [];
  const start = (label: string) => { cur = []; out.push({ label, segs: cur }); next++; };
  for (const s of p) {
    if (s.kind !== 'text') { cur.push(s); continue; }
    let rest = s.text;
    const marker = /(^|[\s\u3000])([A-J])\s*[.．、]/g;
    let m: RegExpExecArray | null;
    let last = 0;
    while ((m = marker.exec(rest))) {
      if (m[2]!.charCodeAt(0) !== next) continue;
      const before = rest.slice(last, m.index + m[1]!.length);
      if (before) cur.push({ kind: 'text', text: before });
      start(m[2]!);
      last = m.index + m[0].length;
    }
    rest = rest.slice(last);
    if (rest) cur.push({ kind: 'text', text: rest });
  }
  return out;
}

export interface SplitResult {
  questions: PaperQuestion[];
  /** Problems outside any question (before the first number). */
  errors: string[];
}

export function splitPaper(paragraphs: Paragraph[]): SplitResult {
  const questions: PaperQuestion[] = [];
  const errors: string[] = [];
  let section = '';
  let secType: PaperQuestionType | null = null;
  let q: PaperQuestion | null = null;
  let part: 'stem' | 'answer' | 'analysis' = 'stem';
  const stemParts: string[][] = [];
  const analysisParts: string[][] = [];

  for (const p of paragraphs) {
    const text = plain(p);
    if (!text.trim()) continue;
    const problems = p.filter((s): s is Extract<Segment, { kind: 'error' }> => s.kind === 'error').map((s) => s.message);
    const sec = SECTION.exec(text);
    if (sec && !problems.length && p.every((s) => s.kind === 'text')) {
      section = text.trim(); secType = sectionType(sec[2]!); q = null; continue;
    }
    const num = QUESTION.exec(text);
    if (num) {
      q = { no: Number(num[1]), section, type: secType ?? 'subjective', stem: '', options: [], answer: '', analysis: '', images: [], errors: [] };
      questions.push(q); stemParts.push([]); analysisParts.push([]); part = 'stem';
      const body = dropPrefix(p, num[0].length);
      q.errors.push(...problems);
      const opt = plain(body).search(/(^|[\s\u3000])A\s*[.．、]/);
      if (opt >= 0 && /[\s\u3000]B\s*[.．、]/.test(plain(body))) {
        const cut = opt + (/^[\s\u3000]/.test(plain(body).slice(opt)) ? 1 : 0);
        const head = splitAt(body, cut);
        stemParts[stemParts.length - 1]!.push(html(head[0], q.images));
        addOptions(q, head[1]);
      } else stemParts[stemParts.length - 1]!.push(html(body, q.images));
      continue;
    }
    if (!q) { errors.push(...problems); continue; }
    q.errors.push(...problems);
    const ans = ANSWER.exec(text);
    const ana = ANALYSIS.exec(text);
    if (ans) { q.answer = html(dropPrefix(p, ans[0].length), q.images).replace(/<[^>]+>/g, ''); part = 'answer'; continue; }
    if (ana) { analysisParts[analysisParts.length - 1]!.push(html(dropPrefix(p, ana[0].length), q.images)); part = 'analysis'; continue; }
    if (part === 'analysis') { analysisParts[analysisParts.length - 1]!.push(html(p, q.images)); continue; }
    if (OPTION_START.test(text) || (q.options.length && /^\s*[B-J]\s*[.．、]/.test(text))) { addOptions(q, p); continue; }
    stemParts[stemParts.length - 1]!.push(html(p, q.images));
  }

  questions.forEach((x, i) => {
    x.stem = stemParts[i]!.filter(Boolean).map((h) => `<p>${h}</p>`).join('');
    x.analysis = analysisParts[i]!.filter(Boolean).map((h) => `<p>${h}</p>`).join('');
    if (x.options.length >= 2) x.type = secType === 'multiple' || x.type === 'multiple' || x.answer.replace(/[^A-J]/g, '').length > 1 ? 'multiple' : 'single';
    else if (x.type === 'single' || x.type === 'multiple') x.errors.push('选择题没有识别到选项（应以 A. B. C. D. 开头）');
    if (!x.stem && !x.images.length) x.errors.push('题干为空');
  });
  return { questions, errors };
}

function addOptions(q: PaperQuestion, p: Paragraph) {
  const from = String.fromCharCode(65 + q.options.length);
  for (const o of splitOptions(p, from)) q.options.push({ label: o.label, content: html(o.segs, q.images) });
}

/** Cuts a paragraph at a character offset of its plain text. */
function splitAt(p: Paragraph, at: number): [Paragraph, Paragraph] {
  const head: Paragraph = [];
  const tail: Paragraph = [];
  let pos = 0;
  for (const s of p) {
    const len = s.kind === 'text' ? s.text.length : s.kind === 'error' ? 0 : 1;
    if (pos + len <= at) head.push(s);
    else if (pos >= at) tail.push(s);
    else if (s.kind === 'text') { head.push({ kind: 'text', text: s.text.slice(0, at - pos) }); tail.push({ kind: 'text', text: s.text.slice(at - pos) }); }
    pos += len;
  }
  return [head, tail];
}
