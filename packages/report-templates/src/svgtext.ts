// Fast tabular text for print: a whole row of cells as ONE SVG <text> whose characters are placed one by one
// (x list), centred in their cells. Chromium's PDF printing costs grow with the number of text runs (≈0.03 ms
// each, plus box layout), so the score-slip question grid is drawn this way: 2 runs per row instead of 40 boxes.
import { escapeHtml } from './common.js';

/** Advance widths (per 1000 em) of Noto Sans SC for printable ASCII; other characters count as 1 em. */
const ADVANCE: Record<string, number> = {
  ' ': 224, '!': 323, '#': 555, '$': 555, '%': 921, '&': 680, "'": 278, '(': 338, ')': 338, '*': 467, '+': 555, ',': 278,
  '-': 347, '.': 278, '/': 392, ':': 278, ';': 278, '<': 555, '=': 555, '>': 555, '?': 474, '@': 946, '[': 338, ']': 338,
  '_': 559, '|': 270, '~': 555, '—': 894,
  A: 608, B: 657, C: 638, D: 688, E: 589, F: 552, G: 689, H: 728, I: 293, J: 535, K: 646, L: 543, M: 812, N: 723, O: 742,
  P: 633, Q: 742, R: 635, S: 596, T: 599, U: 721, V: 575, W: 878, X: 573, Y: 531, Z: 603,
  a: 563, b: 618, c: 510, d: 620, e: 554, f: 325, g: 564, h: 607, i: 275, j: 275, k: 552, l: 284, m: 926, n: 610, o: 606,
  p: 620, q: 620, r: 388, s: 468, t: 377, u: 607, v: 521, w: 802, x: 498, y: 521, z: 475,
};
for (const d of '0123456789') ADVANCE[d] = 555;

export function charWidth(ch: string, fontSize: number): number {
  return ((ADVANCE[ch] ?? 1000) / 1000) * fontSize;
}

export function textWidth(s: string, fontSize: number): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch, fontSize);
  return w;
}

/** One <text> drawing each `texts[i]` centred at `centres[i]` on baseline y (empty strings skipped). */
export function centredRun(texts: string[], centres: number[], y: number, fontSize: number, attrs = ''): string {
  const xs: string[] = [];
  let s = '';
  texts.forEach((t, i) => {
    if (!t) return;
    let x = centres[i] - textWidth(t, fontSize) / 2;
    for (const ch of t) { xs.push(x.toFixed(2)); x += charWidth(ch, fontSize); s += ch; }
  });
  if (!s) return '';
  return `<text x="${xs.join(' ')}" y="${y}"${attrs ? ' ' + attrs : ''}>${escapeHtml(s)}</text>`;
}

export interface SvgCell {
  text: string;
  bold?: boolean;
  color?: string;
  background?: string;
}

/**
 * A bordered table drawn as one SVG: column widths in px, every row `rowH` high, text centred. All cells of
 * one style (weight + colour) form ONE text run (x and y lists per character); backgrounds one path per colour.
 */
export function svgTable(opts: { widths: number[]; rows: SvgCell[][]; rowH: number; fontSize: number; line?: string }): string {
  const { widths, rows, rowH, fontSize } = opts;
  const width = widths.reduce((a, b) => a + b, 0);
  const height = rows.length * rowH;
  const lefts = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const fills = new Map<string, string>();
  const runs = new Map<string, { xs: string[]; ys: string[]; s: string }>();
  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      const x0 = lefts[c];
      if (cell.background) fills.set(cell.background, (fills.get(cell.background) ?? '') + `M${x0} ${r * rowH}h${widths[c]}v${rowH}h${-widths[c]}z`);
      if (!cell.text) return;
      const key = `${cell.bold ? 'b' : 'n'}|${cell.color ?? ''}`;
      const run = runs.get(key) ?? { xs: [], ys: [], s: '' };
      runs.set(key, run);
      const size = cell.bold ? fontSize * 1.02 : fontSize;
      let x = x0 + widths[c] / 2 - textWidth(cell.text, size) / 2;
      const y = (r * rowH + rowH / 2 + fontSize * 0.36).toFixed(2);
      for (const ch of cell.text) { run.xs.push(x.toFixed(2)); run.ys.push(y); x += charWidth(ch, size); run.s += ch; }
    });
  });
  let grid = `M0 0h${width}`;
  for (let r = 1; r <= rows.length; r++) grid += `M0 ${r * rowH}h${width}`;
  for (const x of [...lefts, width]) grid += `M${x} 0v${height}`;
  let out = `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 1}" height="${height + 1}" viewBox="-0.5 -0.5 ${width + 1} ${height + 1}" style="display:block;font-size:${fontSize}px">`;
  for (const [color, d] of fills) out += `<path d="${d}" fill="${color}"/>`;
  out += `<path d="${grid}" stroke="${opts.line ?? '#333'}" stroke-width="0.75" fill="none"/>`;
  for (const [key, run] of runs) {
    const [w, color] = key.split('|');
    out += `<text x="${run.xs.join(' ')}" y="${run.ys.join(' ')}"${w === 'b' ? ' font-weight="700"' : ''}${color ? ` fill="${color}"` : ''}>${escapeHtml(run.s)}</text>`;
  }
  return out + '</svg>';
}
