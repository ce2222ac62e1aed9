// Local settling for photographed sheets: paper that does not lie flat bends under the camera, and a template
// drawn by hand can be off by a third of a bubble in one of its blocks; one frame for the whole page then leaves
// some blocks off their printed bubbles. Each block of groups (the source template's field block, else the
// group alone) is moved as one, by at most a third of its bubble pitch, to where its bubble areas hold the most
// ink — on their printed outlines; a block's many printed bubbles outweigh a neighbouring row's marks, which a
// single row moved alone would slide onto. Works in the straightened page's pixels.
import { applyAffine } from './transform.js';
import type { Bubble, BubbleGroup, Raster, Rect, SheetTemplate } from './types.js';

/** Sample points per bubble: a 5 × 5 grid over its rect. */
const GRID = 5;
/** Largest move, as a share of the group's bubble pitch. */
const REACH = 0.33;

function pitch(gs: BubbleGroup[]): number {
  const d: number[] = [];
  for (const g of gs) for (let i = 1; i < g.bubbles.length; i++) d.push(Math.hypot(g.bubbles[i].x - g.bubbles[i - 1].x, g.bubbles[i].y - g.bubbles[i - 1].y));
  if (!d.length) return Math.max(gs[0].bubbles[0].w, gs[0].bubbles[0].h) * 1.5;
  return d.sort((a, b) => a - b)[d.length >> 1];
}

/** The shift (pixels) that puts the groups' bubbles where they hold the most ink, within REACH of the pitch. */
export function settleShift(r: Raster, gs: BubbleGroup[]): { dx: number; dy: number } {
  const pts: [number, number][] = [];
  for (const g of gs) for (const b of g.bubbles) for (let j = 0; j < GRID; j++) for (let i = 0; i < GRID; i++) pts.push([b.x + ((i + 0.5) * b.w) / GRID, b.y + ((j + 0.5) * b.h) / GRID]);
  if (!pts.length) return { dx: 0, dy: 0 };
  const R = Math.max(1, Math.round(REACH * pitch(gs)));
  const ink = (dx: number, dy: number) => {
    let s = 0;
    for (const [x, y] of pts) {
      const ix = Math.floor(x + dx); const iy = Math.floor(y + dy);
      s += ix < 0 || iy < 0 || ix >= r.width || iy >= r.height ? 255 : r.data[iy * r.width + ix];
    }
    return s;
  };
  let best = { dx: 0, dy: 0, v: ink(0, 0) };
  const tryAt = (dx: number, dy: number) => {
    const v = ink(dx, dy);
    // ties stay nearest the frame's own position
    if (v < best.v || (v === best.v && Math.hypot(dx, dy) < Math.hypot(best.dx, best.dy))) best = { dx, dy, v };
  };
  // every pixel of the reach: thin printed outlines make a sharp optimum that a coarse grid steps over
  for (let dy = -R; dy <= R; dy++) for (let dx = -R; dx <= R; dx++) tryAt(dx, dy);
  return { dx: best.dx, dy: best.dy };
}

/** `template` carried into raster pixels by the affine `t` (centres mapped, sizes scaled), every group settled. */
export function settleTemplate(r: Raster, template: SheetTemplate, t: readonly number[]): SheetTemplate {
  const sx = Math.hypot(t[0], t[3]);
  const sy = Math.hypot(t[1], t[4]);
  const rect = (q: Rect): Rect => {
    const [cx, cy] = applyAffine(t, q.x + q.w / 2, q.y + q.h / 2);
    return { x: cx - (q.w * sx) / 2, y: cy - (q.h * sy) / 2, w: q.w * sx, h: q.h * sy };
  };
  const carry = (g: BubbleGroup): BubbleGroup => ({ ...g, bubbles: g.bubbles.map((b): Bubble => ({ ...rect(b), value: b.value })) });
  const digits = (template.admission?.digits ?? []).map(carry);
  const questions = template.questions.map(carry);
  const blocks = new Map<string, BubbleGroup[]>();
  for (const g of [...digits, ...questions]) blocks.set(g.block ?? g.id, [...(blocks.get(g.block ?? g.id) ?? []), g]);
  const shift = new Map<string, { dx: number; dy: number }>();
  for (const [key, gs] of blocks) shift.set(key, settleShift(r, gs));
  const group = (g: BubbleGroup): BubbleGroup => {
    const { dx, dy } = shift.get(g.block ?? g.id)!;
    return { ...g, bubbles: g.bubbles.map((b) => ({ ...b, x: b.x + dx, y: b.y + dy })) };
  };
  return {
    ...template,
    unit: 'px',
    width: r.width,
    height: r.height,
    anchors: [],
    alignFrame: false,
    questions: questions.map(group),
    ...(template.admission ? { admission: { ...template.admission, ...(template.admission.digits ? { digits: digits.map(group) } : {}) } } : {}),
    ...(template.absent ? { absent: rect(template.absent) } : {}),
    blocks: template.blocks.map((b) => ({ id: b.id, rect: rect(b.rect) })),
  };
}
