// A template drawn over the blank scan of a card made elsewhere, checked against that blank before it is saved:
// every anchor is measured there exactly as recognition will measure it on the scans (its rect centred on the
// finder's point and sized to the mark, snap-anchor.ts), and whether letters are printed inside the bubbles is
// read from the blank itself (their empty darkness), unless the template says so. The editor's snap of one
// drawn shape (snapShape) uses the same measures, so what the person sees is what recognition reads.
import { darkness, makeSampler } from './bubbles.js';
import type { DrawnShape } from './drawing.js';
import { snapAnchor, type AnchorShape } from './snap-anchor.js';
import { snapGrid } from './snap-grid.js';
import type { Raster, SheetTemplate } from './types.js';

/** Empty bubbles on the blank darker than this (median, inner area) carry a printed letter or digit. */
export const PRINTED_LABEL_DARKNESS = 0.05;

export interface BlankFit {
  template: SheetTemplate;
  /** Chinese sentences; non-empty = the template does not fit its blank. */
  problems: string[];
}

/**
 * `placed`: the anchors were already put on this blank by the engine's own finder (an imported template,
 * import/place.ts): they are kept as they are, with the source's sizes.
 */
export function fitToBlank(r: Raster, template: SheetTemplate, opts: { placed?: boolean } = {}): BlankFit {
  const problems: string[] = [];
  // a photographed form (its paper found in each picture) or one framed by its page: its rectangles are in its own
  // page frame, which is the blank scaled, and its anchors (if any) are found on each picture, not placed here
  const pageFramed = !!template.findPage || template.anchors.length === 0;
  const snapped = pageFramed || opts.placed ? [] : template.anchors.map((a) => snapAnchor(r, a, template.anchorShape));
  snapped.forEach((s, i) => { if (!s) problems.push(`定位点 ${i + 1} 的框内没有找到定位标记：请把框放在答题卡角上的定位标记上`); });
  if (problems.length) return { template, problems };
  const found = snapped as NonNullable<(typeof snapped)[number]>[];
  const shapes = new Set(found.map((s) => s.shape));
  if (shapes.size > 1) return { template, problems: ['四个定位点的形状不一致：请把每个框放在同一种定位标记上'] };
  const anchorShape: AnchorShape | undefined = template.anchorShape ?? (found.length ? found[0]!.shape : undefined);
  const out: SheetTemplate = pageFramed || opts.placed ? { ...template } : { ...template, anchors: found.map((s) => s.rect) };
  if (anchorShape && anchorShape !== 'solid') out.anchorShape = anchorShape;
  if (out.printedLabels === undefined) {
    const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1] ?? 0;
    const scale = found.length ? { ink: med(found.map((s) => s.ink)), paper: med(found.map((s) => s.paper)) } : pageInk(r);
    const s = makeSampler(r, pageFramed ? [r.width / template.width, 0, 0, 0, r.height / template.height, 0] : [1, 0, 0, 0, 1, 0], scale);
    const bubbles = [...template.questions, ...(template.admission?.digits ?? [])].flatMap((g) => g.bubbles);
    if (bubbles.length && med(bubbles.map((b) => darkness(s, b))) >= PRINTED_LABEL_DARKNESS) out.printedLabels = true;
  }
  return { template: out, problems };
}

/** Without anchors: the darkest and the median grey of the page (sampled every 4th pixel). */
function pageInk(r: Raster): { ink: number; paper: number } {
  const v: number[] = [];
  for (let i = 0; i < r.data.length; i += 16) v.push(r.data[i]!);
  v.sort((a, b) => a - b);
  return { ink: v[Math.floor(v.length * 0.005)]!, paper: v[v.length >> 1]! };
}

export class SnapError extends Error {}

/**
 * The editor's snap of one drawn shape on the blank: an anchor onto its mark, a 考号 or objective grid onto its
 * printed bubbles, the 缺考 box onto its one bubble. A subjective area is kept as drawn.
 */
export function snapShape(r: Raster, shape: DrawnShape): DrawnShape {
  // a box off the blank or larger than it (the search's cost grows with the box)
  const { x, y, w, h } = shape;
  if (!(x + w > 0 && y + h > 0 && x < r.width && y < r.height && w <= 1.05 * r.width && h <= 1.05 * r.height)) throw new SnapError('框选区域超出了空白答题卡范围');
  if (shape.kind === 'anchor') {
    const s = snapAnchor(r, shape);
    if (!s) throw new SnapError('框内没有找到定位标记：请把框放在答题卡角上的黑色定位标记上');
    return { ...shape, ...s.rect, shape: s.shape };
  }
  if (shape.kind === 'admission' || shape.kind === 'objective') {
    const g = snapGrid(r, shape);
    if (!g) throw new SnapError(`框内没有找到 ${shape.rows} 行 × ${shape.cols} 列的涂点：请核对行数、列数，框住全部涂点`);
    return { ...shape, ...g.rect, bubble: g.bubble };
  }
  if (shape.kind === 'absent') {
    const g = snapGrid(r, { ...shape, rows: 1, cols: 1 });
    if (!g) throw new SnapError('框内没有找到缺考标记的涂点');
    const { w, h } = g.bubble;
    return { ...shape, x: Math.round((g.rect.x + (g.rect.w - w) / 2) * 10) / 10, y: Math.round((g.rect.y + (g.rect.h - h) / 2) * 10) / 10, w, h };
  }
  return shape;
}
