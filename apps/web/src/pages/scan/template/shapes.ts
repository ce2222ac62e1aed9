import type { DrawnShape, Drawing } from '@jz/omr/drawing';

export type ShapeKind = DrawnShape['kind'];

/** The editor's tools, in the order a person usually draws. */
export const TOOLS: { kind: ShapeKind; label: string; color: string; hint: string }[] = [
  { kind: 'anchor', label: '定位点', color: '#f5222d', hint: '框选四角的定位标记（黑块、L 形、圆环或直角线），共 4 个' },
  { kind: 'admission', label: '考号区域', color: '#1677ff', hint: '框选全部考号涂点：每列一位数字，行为 0–9' },
  { kind: 'absent', label: '缺考标记', color: '#fa8c16', hint: '框选监考员填涂的缺考标记' },
  { kind: 'objective', label: '客观题组', color: '#52c41a', hint: '框选一组选择题：每行一题，每列一个选项' },
  { kind: 'subjective', label: '主观题区域', color: '#722ed1', hint: '框选一道（或几道）主观题的作答区域' },
];
export const toolOf = (k: ShapeKind) => TOOLS.find((t) => t.kind === k)!;

let counter = 0;
const nextId = () => `s${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Next free question number after every objective group and numbered subjective block. */
function nextQuestion(shapes: DrawnShape[]): number {
  let max = 0;
  for (const s of shapes) {
    if (s.kind === 'objective') max = Math.max(max, s.firstQuestion + s.rows - 1);
    if (s.kind === 'subjective') for (const n of s.label.match(/\d+/g) ?? []) max = Math.max(max, Number(n));
  }
  return max + 1;
}

/** A new shape of a kind over the rectangle drawn, with the defaults a person changes least. */
export function newShape(kind: ShapeKind, r: { x: number; y: number; w: number; h: number }, shapes: DrawnShape[]): DrawnShape {
  const base = { id: nextId(), x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.w), h: Math.round(r.h) };
  switch (kind) {
    case 'admission': return { ...base, kind, rows: 10, cols: 8, inset: 0.15 };
    case 'objective': return { ...base, kind, rows: 5, cols: 4, inset: 0.15, firstQuestion: nextQuestion(shapes), multiple: false };
    case 'subjective': return { ...base, kind, label: String(nextQuestion(shapes)) };
    default: return { ...base, kind };
  }
}

/** The size a shape gets when its tool is clicked instead of drawn: a share of the page. */
export function defaultRect(kind: ShapeKind, d: Pick<Drawing, 'width' | 'height'>, at: { x: number; y: number }) {
  const u = Math.min(d.width, d.height);
  const size = {
    anchor: [u * 0.03, u * 0.03], admission: [u * 0.3, u * 0.3], absent: [u * 0.06, u * 0.025],
    objective: [u * 0.3, u * 0.2], subjective: [d.width * 0.8, d.height * 0.15],
  }[kind];
  return { x: Math.max(0, Math.min(at.x, d.width - size[0])), y: Math.max(0, Math.min(at.y, d.height - size[1])), w: size[0], h: size[1] };
}

/** A shape kept inside the page, with a minimum size. */
export function clampShape<T extends DrawnShape>(s: T, d: Pick<Drawing, 'width' | 'height'>): T {
  const w = Math.max(4, Math.min(s.w, d.width));
  const h = Math.max(4, Math.min(s.h, d.height));
  return { ...s, w, h, x: Math.max(0, Math.min(s.x, d.width - w)), y: Math.max(0, Math.min(s.y, d.height - h)) };
}
