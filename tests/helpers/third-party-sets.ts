// The real third-party sample sets, as a school meets them in 模板确认: the blank form (the vendor's PDF from the
// shared sample folder), a drawing made the way a person draws — a box roughly around each corner mark and each
// block of bubbles, every edge off by up to a third of a bubble pitch (seeded) — and the scans with what they must
// read. Where the bubbles are is taken from the measured templates of packages/omr/fixtures (placed on the blank),
// only to know where a person would put the boxes: the boxes themselves are rough, and the editor's snap
// (make_template/snap) puts them on the print.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '@jz/shared/random';
import type { DrawnShape } from '@jz/omr/drawing';
import type { BubbleGroup, Raster, Rect, SheetTemplate } from '@jz/omr';
import { csvLine, csvRows } from '@jz/omr/real-samples/expected';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = path.join(ROOT, 'packages', 'omr', 'fixtures');

/** The shared sample folder (beside the repository, as CI lays it); its absence fails the measurement. */
/** The blank forms sit beside their scans in the fixtures (packages/omr/fixtures/<set>/, each set's SOURCE.txt). */
export function samplesDir(): string {
  return FIXTURES;
}

/** What one answer must read: a question (drawn number) or the 考号; `flag`: the expected reading shows it is not clean. */
export interface Expected { file: string; column: string; question?: string; value: string; flag: boolean }

/** A block of questions a person boxes as one grid: consecutive questions of one column of the form. */
interface Block { groups: BubbleGroup[] }

const centreOf = (r: Rect) => [r.x + r.w / 2, r.y + r.h / 2] as const;
const bbox = (rs: Rect[]): Rect => {
  const x = Math.min(...rs.map((r) => r.x)); const y = Math.min(...rs.map((r) => r.y));
  return { x, y, w: Math.max(...rs.map((r) => r.x + r.w)) - x, h: Math.max(...rs.map((r) => r.y + r.h)) - y };
};

/** Questions in template order, cut into blocks where the option count, the column or the row step changes. */
function blocksOf(questions: BubbleGroup[]): Block[] {
  const blocks: Block[] = [];
  // down each column of the form, columns left to right (a template's own order may be any)
  const x = (g: BubbleGroup) => g.bubbles[0]!.x;
  const y = (g: BubbleGroup) => g.bubbles[0]!.y;
  const sorted = [...questions].sort((a, b) => (Math.abs(x(a) - x(b)) > a.bubbles[0]!.w ? x(a) - x(b) : y(a) - y(b)));
  for (const q of sorted) {
    const last = blocks[blocks.length - 1];
    const prev = last?.groups[last.groups.length - 1];
    const pitch = prev ? (centreOf(prev.bubbles[1] ?? prev.bubbles[0]!)[0] - centreOf(prev.bubbles[0]!)[0]) || prev.bubbles[0]!.w : 0;
    const step = prev ? centreOf(q.bubbles[0]!)[1] - centreOf(prev.bubbles[0]!)[1] : 0;
    const firstStep = last && last.groups.length > 1 ? centreOf(last.groups[1]!.bubbles[0]!)[1] - centreOf(last.groups[0]!.bubbles[0]!)[1] : step;
    const same = prev && q.bubbles.length === prev.bubbles.length && q.kind === prev.kind
      && Math.abs(centreOf(q.bubbles[0]!)[0] - centreOf(prev.bubbles[0]!)[0]) < 0.3 * Math.abs(pitch)
      && step > 0 && Math.abs(step - firstStep) < 0.3 * firstStep;
    if (same) last!.groups.push(q); else blocks.push({ groups: [q] });
  }
  return blocks;
}

export interface SchoolDrawing {
  shapes: DrawnShape[];
  /** Template question id → the question number drawn for it, and its values in the drawn letters' order. */
  questions: Map<string, { no: string; values: string[] }>;
  /** The 考号 columns' values top to bottom (digits). */
  admission: boolean;
}

/**
 * A drawing of `truth` (a template placed on the blank) as a person makes it: each anchor boxed with a margin of
 * a third of its size (a bracket: the L itself), each block of questions and the 考号 grid boxed around its
 * bubbles with a quarter-pitch margin, every edge moved by up to a third of a pitch; seeded.
 */
export function drawLikeASchool(truth: SheetTemplate, seed: number): SchoolDrawing {
  const rnd = mulberry32(seed);
  const off = (k: number) => (rnd() * 2 - 1) * k;
  const shapes: DrawnShape[] = [];
  truth.anchors.forEach((a, i) => {
    let box = a;
    if (truth.anchorShape === 'bracket') {
      // the rect spans the vertex ± one arm; the L runs inwards from the vertex (TL, TR, BR, BL)
      const [cx, cy] = centreOf(a);
      const [dx, dy] = [[1, 1], [-1, 1], [-1, -1], [1, -1]][i]!;
      box = { x: dx > 0 ? cx : cx - a.w / 2, y: dy > 0 ? cy : cy - a.h / 2, w: a.w / 2, h: a.h / 2 };
    }
    const m = box.w / 3;
    shapes.push({ kind: 'anchor', id: `a${i + 1}`, x: box.x - m + off(m / 2), y: box.y - m + off(m / 2), w: box.w + 2 * m, h: box.h + 2 * m });
  });
  const rough = (b: Rect, px: number, py: number) => {
    const x0 = b.x - px / 4 + off(px / 3); const x1 = b.x + b.w + px / 4 + off(px / 3);
    const y0 = b.y - py / 4 + off(py / 3); const y1 = b.y + b.h + py / 4 + off(py / 3);
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  };
  const digits = truth.admission?.digits ?? [];
  if (digits.length) {
    const rows = digits[0]!.bubbles.length;
    const b = bbox(digits.flatMap((g) => g.bubbles));
    shapes.push({ kind: 'admission', id: 'admission', ...rough(b, b.w / digits.length, b.h / rows), rows, cols: digits.length, inset: 0.2 });
  }
  const questions = new Map<string, { no: string; values: string[] }>();
  let next = 1;
  blocksOf(truth.questions).forEach((blk, k) => {
    const cols = blk.groups[0]!.bubbles.length;
    const b = bbox(blk.groups.flatMap((g) => g.bubbles));
    // a one-row block: the pitch across is the bubbles' own height
    const py = blk.groups.length > 1 ? b.h / blk.groups.length : blk.groups[0]!.bubbles[0]!.h * 1.5;
    shapes.push({ kind: 'objective', id: `block${k + 1}`, ...rough(b, b.w / cols, py), rows: blk.groups.length, cols, inset: 0.2, firstQuestion: next, multiple: blk.groups[0]!.kind === 'multiple' });
    for (const g of blk.groups) {
      const values = [...g.bubbles].sort((p, q) => p.x - q.x).map((x) => x.value);
      questions.set(g.id, { no: String(next++), values });
    }
  });
  return { shapes, questions, admission: digits.length > 0 };
}

// ─── expected readings ─────────────────────────────────────────────────────────────────────────────────────────

/** OpenMCR's expected rows of a set (results, plus its answer-key sheets: ID 9999999999, see real-samples.test.ts). */
export function openMcrExpected(set: string, drawing: SchoolDrawing): Expected[] {
  const dir = path.join(FIXTURES, 'open-mcr', set);
  const rows = csvRows(readFileSync(path.join(dir, 'expected-results.csv'), 'utf8'));
  if (existsSync(path.join(dir, 'expected-keys.csv'))) rows.push(...csvRows(readFileSync(path.join(dir, 'expected-keys.csv'), 'utf8')));
  if (existsSync(path.join(dir, 'expected-key-transposed.csv'))) {
    const pairs = readFileSync(path.join(dir, 'expected-key-transposed.csv'), 'utf8').replace(/\r/g, '').split('\n').filter(Boolean).map(csvLine);
    rows.push(Object.fromEntries(pairs.map(([k, v]) => [k!, v ?? ''])));
  }
  const out: Expected[] = [];
  for (const row of rows) {
    const file = row['Source File']!;
    const id = row['Student ID'] ?? '9999999999';
    out.push({ file, column: '考号', value: id, flag: id.length < 10 || id.includes(' ') || id.includes('[') });
    for (const [tid, q] of drawing.questions) {
      const want = row[`Q${tid}`];
      if (want === undefined) continue;
      out.push({ file, column: `Q${tid}`, question: q.no, value: want.replace(/[[\]|]/g, ''), flag: want.includes('[') });
    }
  }
  return out;
}

/** A question's expected value in the drawn letters: each source value → the letter of its column. */
export function asLetters(values: string[], wanted: string[]): string {
  return wanted.map((v) => String.fromCharCode(65 + values.indexOf(v))).sort().join('');
}

/** Rasters of files, for placing the fixtures' templates on a blank. */
export type Decode = (bytes: Uint8Array) => Promise<Raster>;
