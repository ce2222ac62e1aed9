// A template drawn by hand over a blank scan of another vendor's card (templateConfirm) → the SheetTemplate that
// drives recognition. Pure: the web's canvas editor keeps its shapes in this form and calls templateFromDrawing
// on 确认; the same function is tested here without a browser. Units are pixels of the blank scan.
import type { Bubble, BubbleGroup, Rect, SheetTemplate } from './types.js';

/** A rectangle the person drew (top-left, size) with the editor's id. */
export interface DrawnRect extends Rect {
  id: string;
}

/**
 * A grid of bubbles drawn as one rectangle: equal cells, each bubble the cell inset by `inset` (share of the cell
 * on every side, 0–0.45) so the drawn outline may enclose the bubbles' margins.
 */
export interface DrawnGrid extends DrawnRect {
  rows: number;
  cols: number;
  inset: number;
  /**
   * The printed bubble measured on the blank when the editor snapped the grid (snap-grid.ts): every bubble is
   * this size, centred in its cell, and `inset` no longer counts. Gone as soon as the grid is moved by hand.
   */
  bubble?: { w: number; h: number };
}

/** 考号 grid: one column per digit (left to right), rows are the values 0, 1, 2 … from the top. */
export interface DrawnAdmission extends DrawnGrid {
  kind: 'admission';
}

/** Objective group: rows are questions numbered from `firstQuestion`, columns the options A, B, C … */
export interface DrawnObjective extends DrawnGrid {
  kind: 'objective';
  firstQuestion: number;
  /** 多选: several options may be filled. */
  multiple: boolean;
}

/** A corner mark; `shape` as the editor's snap found it on the blank (solid when absent). */
export interface DrawnAnchor extends DrawnRect { kind: 'anchor'; shape?: 'solid' | 'ring' | 'bracket' }
export interface DrawnAbsent extends DrawnRect { kind: 'absent' }
/** A subjective answer area; `label` names the question(s) as the exam knows them ('13', '14-15'). */
export interface DrawnBlock extends DrawnRect { kind: 'subjective'; label: string }

export type DrawnShape = DrawnAnchor | DrawnAdmission | DrawnAbsent | DrawnObjective | DrawnBlock;

/** The editor's whole drawing: the blank scan's size and every shape on it. */
export interface Drawing {
  name: string;
  width: number;
  height: number;
  shapes: DrawnShape[];
}

export const OPTION_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Largest grid the editor accepts (a 考号 of 20 digits, a group of 60 questions, 26 options). */
export const GRID_LIMITS = { rows: 60, cols: 26 } as const;

const round1 = (v: number) => Math.round(v * 10) / 10;
const rect = (r: Rect): Rect => ({ x: round1(r.x), y: round1(r.y), w: round1(r.w), h: round1(r.h) });

/** Bubble (row, col) of a grid: its cell inset on every side. */
export function gridCell(g: DrawnGrid, row: number, col: number): Rect {
  const cw = g.w / g.cols;
  const ch = g.h / g.rows;
  if (g.bubble) return rect({ x: g.x + (col + 0.5) * cw - g.bubble.w / 2, y: g.y + (row + 0.5) * ch - g.bubble.h / 2, w: g.bubble.w, h: g.bubble.h });
  return rect({ x: g.x + col * cw + cw * g.inset, y: g.y + row * ch + ch * g.inset, w: cw * (1 - 2 * g.inset), h: ch * (1 - 2 * g.inset) });
}

/** Every problem that keeps the drawing from being a usable template, in Chinese, empty when none. */
export function validateDrawing(d: Drawing): string[] {
  const errors: string[] = [];
  if (!(d.width > 0 && d.height > 0)) errors.push('请先上传空白答题卡图片');
  const anchors = d.shapes.filter((s) => s.kind === 'anchor');
  if (anchors.length !== 4) errors.push(`定位点需要 4 个（四角各一个），当前 ${anchors.length} 个`);
  if (d.shapes.filter((s) => s.kind === 'admission').length > 1) errors.push('考号区域只能有一个');
  if (d.shapes.filter((s) => s.kind === 'absent').length > 1) errors.push('缺考标记只能有一个');
  if (!d.shapes.some((s) => s.kind === 'objective' || s.kind === 'subjective')) errors.push('请至少框选一组客观题或一个主观题区域');
  const numbered = new Map<string, number>();
  for (const s of d.shapes) {
    if (!(s.w >= 2 && s.h >= 2)) errors.push(`${shapeLabel(s)}太小`);
    else if (s.x < 0 || s.y < 0 || s.x + s.w > d.width + 0.5 || s.y + s.h > d.height + 0.5) errors.push(`${shapeLabel(s)}超出了答题卡范围`);
    if (s.kind === 'admission' || s.kind === 'objective') {
      const maxCols = s.kind === 'objective' ? GRID_LIMITS.cols : 20;
      if (!Number.isInteger(s.rows) || s.rows < 1 || s.rows > GRID_LIMITS.rows) errors.push(`${shapeLabel(s)}的行数应为 1–${GRID_LIMITS.rows} 的整数`);
      if (!Number.isInteger(s.cols) || s.cols < 1 || s.cols > maxCols) errors.push(`${shapeLabel(s)}的列数应为 1–${maxCols} 的整数`);
      if (!(s.inset >= 0 && s.inset <= 0.45)) errors.push(`${shapeLabel(s)}的留白比例应在 0–0.45 之间`);
      if (s.bubble && !(s.bubble.w > 0 && s.bubble.h > 0 && s.bubble.w <= s.w / s.cols && s.bubble.h <= s.h / s.rows)) errors.push(`${shapeLabel(s)}的涂点大小无效`);
    }
    if (s.kind === 'admission' && s.rows > 10) errors.push('考号区域每列最多 10 行（数字 0–9）');
    if (s.kind === 'objective') {
      if (!Number.isInteger(s.firstQuestion) || s.firstQuestion < 1) errors.push(`${shapeLabel(s)}的起始题号应为正整数`);
      else for (let r = 0; r < s.rows; r++) countId(numbered, String(s.firstQuestion + r));
    }
    if (s.kind === 'subjective') {
      if (!s.label.trim()) errors.push('主观题区域需要填写题号');
      else countId(numbered, s.label.trim());
    }
  }
  const twice = [...numbered].filter(([, n]) => n > 1).map(([id]) => id);
  if (twice.length) errors.push(`题号重复：${twice.join('、')}`);
  return errors;
}

function countId(m: Map<string, number>, id: string) { m.set(id, (m.get(id) ?? 0) + 1); }

const KIND_NAMES: Record<DrawnShape['kind'], string> = { anchor: '定位点', admission: '考号区域', absent: '缺考标记', objective: '客观题组', subjective: '主观题区域' };

/** How a shape is named in messages: 客观题组（第 1–5 题）, 主观题区域（13）, 定位点 … */
export function shapeLabel(s: DrawnShape): string {
  if (s.kind === 'objective') return `客观题组（第 ${s.firstQuestion}–${s.firstQuestion + s.rows - 1} 题）`;
  if (s.kind === 'subjective') return `主观题区域（${s.label || '未填题号'}）`;
  return KIND_NAMES[s.kind];
}

/** The four anchors in reading order top-left, top-right, bottom-right, bottom-left (by their centres). */
export function orderAnchors(anchors: Rect[]): Rect[] {
  const c = anchors.map((a) => ({ a, x: a.x + a.w / 2, y: a.y + a.h / 2 }));
  const pick = (score: (p: (typeof c)[number]) => number) => c.reduce((best, p) => (score(p) > score(best) ? p : best)).a;
  const tl = pick((p) => -(p.x + p.y));
  const br = pick((p) => p.x + p.y);
  const tr = pick((p) => p.x - p.y);
  const bl = pick((p) => p.y - p.x);
  return [tl, tr, br, bl];
}

export class DrawingError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('；'));
    this.name = 'DrawingError';
  }
}

/**
 * The SheetTemplate (unit 'px') of a drawing; throws DrawingError with every problem of validateDrawing.
 * Objective questions come out in question order; the 考号 has one digit group per column, left to right.
 */
export function templateFromDrawing(d: Drawing): SheetTemplate {
  const errors = validateDrawing(d);
  if (errors.length) throw new DrawingError(errors);
  const drawnAnchors = d.shapes.filter((s): s is DrawnAnchor => s.kind === 'anchor');
  const anchors = orderAnchors(drawnAnchors.map(rect));
  if (new Set(anchors).size !== 4) throw new DrawingError(['定位点应分别位于答题卡四角']);
  const shapes = new Set(drawnAnchors.map((a) => a.shape ?? 'solid'));
  if (shapes.size > 1) throw new DrawingError(['四个定位点的形状不一致：请把每个框放在同一种定位标记上']);
  const anchorShape = [...shapes][0]!;

  const questions: BubbleGroup[] = [];
  for (const g of d.shapes.filter((s): s is DrawnObjective => s.kind === 'objective')) {
    for (let r = 0; r < g.rows; r++) {
      const bubbles: Bubble[] = [];
      for (let c = 0; c < g.cols; c++) bubbles.push({ ...gridCell(g, r, c), value: OPTION_LETTERS[c]! });
      questions.push({ id: String(g.firstQuestion + r), kind: g.multiple ? 'multiple' : 'single', bubbles });
    }
  }
  questions.sort((a, b) => Number(a.id) - Number(b.id));

  const template: SheetTemplate = {
    version: 1,
    name: d.name.trim() || '第三方答题卡',
    unit: 'px',
    width: d.width,
    height: d.height,
    anchors,
    ...(anchorShape !== 'solid' ? { anchorShape } : {}),
    questions,
    blocks: d.shapes.filter((s): s is DrawnBlock => s.kind === 'subjective').map((b) => ({ id: b.label.trim(), rect: rect(b) })),
  };
  const adm = d.shapes.find((s): s is DrawnAdmission => s.kind === 'admission');
  if (adm) {
    const digits: BubbleGroup[] = [];
    for (let c = 0; c < adm.cols; c++) {
      const bubbles: Bubble[] = [];
      for (let r = 0; r < adm.rows; r++) bubbles.push({ ...gridCell(adm, r, c), value: String(r) });
      digits.push({ id: `digit-${c + 1}`, kind: 'single', bubbles });
    }
    template.admission = { digits };
  }
  const absent = d.shapes.find((s) => s.kind === 'absent');
  if (absent) template.absent = rect(absent);
  return template;
}
