import type { BlockQuestion } from '@jz/shared/marking';

/**
 * The score panel's rules, pure (no React, no DOM): which items a block asks a score for, the scores each item
 * allows, validation that mirrors the server (分数不合法 there), digit composition and the drawn-scores list.
 */

/** One score the marker gives: a scoring point, or a whole question when it has no points (block order). */
export interface ScoreItem { key: string; label: string; fullScore: number; step: number }

/** Largest number of buttons drawn for one item; above it the item is marked by typing (digit composition). */
export const MAX_SCORE_BUTTONS = 21;

/** Wait after a digit before a still-extendable number (typing 1 of 12) is taken as final. */
export const COMPOSE_TIMEOUT_MS = 800;

/** Rounds away binary noise (0.1 + 0.2) at two decimals, enough for steps such as 0.5 or 0.25. */
export const round2 = (x: number) => Math.round(x * 100) / 100;

export function scoreItems(questions: BlockQuestion[]): ScoreItem[] {
  const items: ScoreItem[] = [];
  for (const q of questions) {
    if (q.points.length === 0) items.push({ key: `q${q.questionId}`, label: `第${q.number}题`, fullScore: q.fullScore, step: q.step });
    else for (const p of q.points) items.push({ key: `p${p.id}`, label: `第${q.number}题 ${p.name}`, fullScore: p.fullScore, step: p.step });
  }
  return items;
}

/**
 * Every allowed score of an item: 0, step, 2·step, … up to full — whole multiples of the step only, as the server
 * checks (a full mark off the step, 7 with step 2, is not allowed there either).
 */
export function scoreOptions(item: Pick<ScoreItem, 'fullScore' | 'step'>): number[] {
  const step = Math.round((item.step > 0 ? item.step : 1) * 100);
  const full = Math.round(item.fullScore * 100);
  const out: number[] = [];
  for (let h = 0; h <= full; h += step) out.push(h / 100);
  return out;
}

/** The highest allowed score (满分): full, or the last step below it when full is off the step. */
export const maxScore = (item: Pick<ScoreItem, 'fullScore' | 'step'>) => scoreOptions(item).at(-1) ?? 0;

/** Buttons for small full marks (type 1 panel), typing for large ones or when the panel is set to typing. */
export function usesButtons(item: Pick<ScoreItem, 'fullScore' | 'step'>, giveScorePanelType: number): boolean {
  return giveScorePanelType === 1 && scoreOptions(item).length <= MAX_SCORE_BUTTONS;
}

/** null when the score is allowed, else the reason in Chinese (the server refuses the same with 分数不合法). */
export function validateScore(value: number, item: Pick<ScoreItem, 'fullScore' | 'step'>): string | null {
  if (!Number.isFinite(value)) return '请输入分数';
  if (value < 0) return '分数不能小于0分';
  if (value > item.fullScore) return `分数不能超过满分${item.fullScore}分`;
  if (!scoreOptions(item).includes(round2(value))) return `分数须为${item.step}分的整数倍`;
  return null;
}

export const formatScore = (x: number) => String(round2(x));

export type ComposeResult =
  | { kind: 'wait'; buffer: string }      // keep typing (or Enter / the timeout takes it)
  | { kind: 'commit'; value: number }     // no allowed score starts with what was typed and goes on: take it now
  | { kind: 'error'; message: string };   // no allowed score starts with this

/**
 * Digit composition: `buffer` is what was typed so far for the current item, `key` a digit or '.'. Typing 1 then 2
 * on a 15-point item gives 12 at once (nothing longer starts with 12); 1 alone waits (10…15 start with it).
 */
export function composeKey(buffer: string, key: string, item: Pick<ScoreItem, 'fullScore' | 'step'>): ComposeResult {
  if (!/^[0-9.]$/.test(key)) return { kind: 'error', message: '请输入数字' };
  const typed = buffer + key;
  const texts = scoreOptions(item).map(formatScore);
  const longer = texts.some((t) => t.length > typed.length && t.startsWith(typed));
  const exact = texts.includes(typed);
  if (!longer && !exact) {
    const value = Number(typed);
    return { kind: 'error', message: Number.isFinite(value) ? (validateScore(value, item) ?? '分数不合法') : '分数不合法' };
  }
  if (exact && !longer) return { kind: 'commit', value: Number(typed) };
  return { kind: 'wait', buffer: typed };
}

/** Enter or the timeout on a pending buffer: the typed score, or why it is refused. */
export function finishBuffer(buffer: string, item: Pick<ScoreItem, 'fullScore' | 'step'>): { value: number } | { message: string } {
  if (!buffer || buffer === '.') return { message: '请输入分数' };
  const value = Number(buffer);
  const bad = validateScore(value, item);
  return bad ? { message: bad } : { value: round2(value) };
}

/* ---------- the drawn-scores list (spec §4: append, pop, reset) ---------- */

/** Scores given so far on this paper, in item order: the next score goes to item `list.length`. */
export type DrawnScores = readonly number[];

export const appendScore = (list: DrawnScores, value: number): DrawnScores => [...list, round2(value)];
export const popScore = (list: DrawnScores): DrawnScores => list.slice(0, -1);
export const resetScores = (): DrawnScores => [];
/** The concatenated text shown under the panel: 2+3+1=6 (a single score shows alone). */
export function drawnText(list: DrawnScores): string {
  if (list.length === 0) return '';
  if (list.length === 1) return formatScore(list[0]);
  return `${list.map(formatScore).join('+')}=${formatScore(totalOf(list))}`;
}
export const totalOf = (list: DrawnScores) => round2(list.reduce((a, b) => a + b, 0));

/** Appends a score for the next item after validating it; a full list takes no more. */
export function giveScore(list: DrawnScores, items: ScoreItem[], value: number): { list: DrawnScores } | { message: string } {
  const item = items[list.length];
  if (!item) return { message: '各给分点均已给分，请按回车提交' };
  const bad = validateScore(value, item);
  return bad ? { message: `${item.label}：${bad}` } : { list: appendScore(list, value) };
}

/** 满分 / 零分: the remaining items (all of them when the list is complete) take full or zero. */
export function fillRest(list: DrawnScores, items: ScoreItem[], kind: 'full' | 'zero'): DrawnScores {
  const start = list.length >= items.length ? 0 : list.length;
  const head = list.slice(0, start);
  return [...head, ...items.slice(start).map((i) => (kind === 'full' ? maxScore(i) : 0))];
}

/** Ready to submit: one score per item. */
export const isComplete = (list: DrawnScores, items: ScoreItem[]) => items.length > 0 && list.length === items.length;

/* ---------- keyboard ---------- */

export type PanelCommand =
  | { kind: 'digit'; key: string }
  | { kind: 'submit' } | { kind: 'undo' } | { kind: 'reset' }
  | { kind: 'full' } | { kind: 'zero' } | { kind: 'problem' } | { kind: 'review' } | { kind: 'help' }
  | { kind: 'zoomIn' } | { kind: 'zoomOut' } | { kind: 'rotate' } | { kind: 'fit' };

/** The keys of keyboard-only marking, as the help card lists them. */
export const KEY_HELP: { keys: string; action: string }[] = [
  { keys: '0–9 .', action: '输入分数（可连续输入多位，如 1 2 即 12 分）' },
  { keys: 'Enter', action: '确认当前输入；各给分点都已给分时提交并进入下一份' },
  { keys: 'Backspace', action: '删除输入的数字，或撤销上一个给分' },
  { keys: 'Esc', action: '关闭本说明；说明已关闭时清空本份已给的分数' },
  { keys: 'M', action: '满分' },
  { keys: 'Z', action: '零分' },
  { keys: 'Q', action: '问题卷' },
  { keys: 'R', action: '回评' },
  { keys: '+ / -', action: '放大 / 缩小图片' },
  { keys: 'O', action: '旋转图片 90°' },
  { keys: 'W', action: '适应宽度' },
  { keys: '?', action: '显示或隐藏快捷键说明' },
];

/** Maps a KeyboardEvent.key to a panel command (null: not a panel key). */
export function keyToCommand(key: string): PanelCommand | null {
  if (/^[0-9.]$/.test(key)) return { kind: 'digit', key };
  switch (key) {
    case 'Enter': return { kind: 'submit' };
    case 'Backspace': return { kind: 'undo' };
    case 'Escape': return { kind: 'reset' };
    case 'm': case 'M': return { kind: 'full' };
    case 'z': case 'Z': return { kind: 'zero' };
    case 'q': case 'Q': return { kind: 'problem' };
    case 'r': case 'R': return { kind: 'review' };
    case '?': return { kind: 'help' };
    case '+': case '=': return { kind: 'zoomIn' };
    case '-': case '_': return { kind: 'zoomOut' };
    case 'o': case 'O': return { kind: 'rotate' };
    case 'w': case 'W': return { kind: 'fit' };
    default: return null;
  }
}
