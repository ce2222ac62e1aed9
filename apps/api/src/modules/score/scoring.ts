/**
 * Pure scoring rules shared by question set-up, imports and manual edits (docs/DOMAIN-RULES.md §2):
 * answer keys, option letters scored against the key, and point values checked against full score and step.
 */
import { CARD_OPTION_LETTERS } from '@jz/shared/api/card';

export type QType = 'single' | 'multiple' | 'judge' | 'fill' | 'subjective';

export interface ScoredQuestion {
  type: QType;
  fullScore: number;
  step: number;
  answer: string | null;
  /** Multiple choice, correct but incomplete; null = half the full score. */
  partialScore: number | null;
  /** Multiple choice, correct but incomplete: points per key option chosen (选对一项得分); replaces partialScore when set. */
  optionScore?: number | null;
}

const OPTION_LETTERS = CARD_OPTION_LETTERS;

export const isObjective = (t: QType) => t === 'single' || t === 'multiple' || t === 'judge';

const JUDGE_TRUE = new Set(['T', '对', '√', '✓', '正确', 'Y']);
const JUDGE_FALSE = new Set(['F', '错', '×', '✗', 'X', '错误', 'N']);

/** Normalises option letters: 'ca' → 'AC', ' B ' → 'B'; judge 对/√ → T, 错/× → F. null when not valid for the type. */
export function normalizeChoice(type: QType, raw: string): string | null {
  const s = raw.replace(/[\s,，、]/g, '').toUpperCase();
  if (!s) return null;
  if (type === 'judge') {
    if (JUDGE_TRUE.has(s)) return 'T';
    if (JUDGE_FALSE.has(s)) return 'F';
    return null;
  }
  if (!/^[A-H]+$/.test(s)) return null;
  const letters = [...new Set(s.split(''))].sort();
  if (type === 'single' && letters.length !== 1) return letters.join(''); // several marks on a single choice: wrong, scored 0
  return letters.join('');
}

/** Validates and normalises an answer key; returns [key, error]. */
export function normalizeKey(type: QType, raw: string | null | undefined): [string | null, string | null] {
  const s = (raw ?? '').trim();
  if (!s) return [null, null];
  if (!isObjective(type)) return [s, null];
  const k = normalizeChoice(type, s);
  if (k === null) return [null, type === 'judge' ? '判断题答案只能是 T/F（对/错）' : '选择题答案只能是 A–H 的字母'];
  if (type === 'single' && k.length !== 1) return [null, '单选题答案只能是一个字母'];
  return [k, null];
}

/**
 * Points of a normalised choice against the key (docs/DOMAIN-RULES.md §2): the key exactly → full; multiple choice
 * with every chosen option in the key but some missing → the option score × options chosen (capped below the full
 * score) when an option score is set, else the partial score (half the full score by default); anything else → 0.
 */
export function scoreChoice(q: ScoredQuestion, choice: string): number {
  const key = q.answer ?? '';
  if (q.type !== 'multiple') return choice === key ? q.fullScore : 0;
  const chosen = choice.split('');
  if (chosen.some((c) => !key.includes(c))) return 0;
  if (chosen.length === key.length) return q.fullScore;
  if (q.optionScore) return Math.min(round2(q.optionScore * chosen.length), q.fullScore);
  return q.partialScore ?? q.fullScore / 2;
}

const EPS = 1e-6;
/** True when v is a whole multiple of step. */
export const isMultipleOf = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < EPS;

/** Checks typed points: a number ≥ 0, ≤ full score, a multiple of the step. Returns the reason or null. */
export function checkPoints(q: { fullScore: number; step: number }, v: number): string | null {
  if (!Number.isFinite(v)) return '不是数字';
  if (v < 0) return '分数不能为负';
  if (v > q.fullScore + EPS) return `超过满分 ${q.fullScore}`;
  if (!isMultipleOf(v, q.step)) return `不是给分步长 ${q.step} 的整数倍`;
  return null;
}

/**
 * Option letters of a single/multiple choice question, as its answer card prints them: the card's 选项个数
 * (4 = A–D when no card is saved), more when the key names a later letter.
 */
export function optionLetters(q: { answer: string | null }, optionCount = 4): string {
  const last = Math.max(optionCount - 1, ...[...(q.answer ?? '').toUpperCase()].map((ch) => OPTION_LETTERS.indexOf(ch)));
  return OPTION_LETTERS.slice(0, last + 1);
}

export type CellResult = { score: number; choice: string | null } | { error: string };

/**
 * One score cell: empty → 0; a number → points; for objective questions option letters → scored against
 * the key. Text that is neither, or a letter the question does not have (`options`, see optionLetters) → error.
 */
export function readScoreCell(q: ScoredQuestion, raw: unknown, options?: string): CellResult {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { score: 0, choice: null };
  if (typeof raw === 'number') {
    const reason = checkPoints(q, raw);
    return reason ? { error: reason } : { score: raw, choice: null };
  }
  const s = String(raw).trim();
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return readScoreCell(q, Number(s));
  if (!isObjective(q.type)) return { error: '不是数字' };
  return scoreAnswer(q, s, options);
}

/**
 * Option letters marked on an objective question (typed in a workbook, or recognised on a scanned sheet),
 * scored against the key: empty → 0 with no choice; letters the question does not have (`options`) or no key
 * set → error.
 */
export function scoreAnswer(q: ScoredQuestion, raw: string | null, options?: string): CellResult {
  const s = (raw ?? '').trim();
  if (!s) return { score: 0, choice: null };
  if (!isObjective(q.type)) return { error: '不是客观题，不能填写选项' };
  const choice = normalizeChoice(q.type, s);
  if (choice === null) return { error: `无法识别的选项“${s}”` };
  if (options && q.type !== 'judge') {
    const foreign = [...choice].filter((c) => !options.includes(c));
    if (foreign.length) return { error: `本题只有选项 ${options[0]}–${options[options.length - 1]}，没有选项 ${foreign.join('、')}` };
  }
  if (!q.answer) return { error: '该题未设置答案，不能填写选项' };
  return { score: scoreChoice(q, choice), choice };
}

/** Rounds to 2 decimals (numeric(7,2) storage). */
export const round2 = (v: number) => Math.round(v * 100) / 100;

/** A subject score: the sum of its question scores, to 2 decimals (docs/DOMAIN-RULES.md §2, §10). */
export const subjectTotal = (points: Iterable<number>) => {
  let sum = 0;
  for (const p of points) sum += p;
  return round2(sum);
};
