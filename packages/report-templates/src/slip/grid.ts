// The compact per-question score grid of a slip, as one inline SVG: grid lines in one <path>, a grey band
// behind question numbers, and each row's numbers / scores as single text runs (lost points in red).
import { fmt } from '../common.js';
import { centredRun } from '../svgtext.js';
import type { SlipQuestionScore } from './types.js';

export const GRID = { perRow: 19, cellW: 26, rowH: 12, gap: 4, fontSize: 8.5 } as const;

export function questionGridSvg(questions: SlipQuestionScore[]): string {
  const { perRow, cellW, rowH, gap, fontSize } = GRID;
  const rows = Math.ceil(questions.length / perRow);
  let path = '';
  let band = '';
  let text = '';
  for (let r = 0; r < rows; r++) {
    const chunk = questions.slice(r * perRow, r * perRow + perRow);
    const n = chunk.length;
    const y0 = r * (2 * rowH + gap);
    const w = n * cellW;
    band += `M0 ${y0}h${w}v${rowH}h${-w}z`;
    path += `M0 ${y0}h${w}M0 ${y0 + rowH}h${w}M0 ${y0 + 2 * rowH}h${w}`;
    for (let c = 0; c <= n; c++) path += `M${c * cellW} ${y0}v${2 * rowH}`;
    const centres = chunk.map((_, c) => c * cellW + cellW / 2);
    const base = fontSize * 0.36 + rowH / 2;
    const lost = (q: SlipQuestionScore) => q.score !== null && q.score < q.fullScore;
    text += centredRun(chunk.map((q) => q.no), centres, y0 + base, fontSize, 'fill="#333"');
    text += centredRun(chunk.map((q) => (lost(q) ? '' : q.score === null ? '—' : fmt(q.score, 1))), centres, y0 + rowH + base, fontSize);
    text += centredRun(chunk.map((q) => (lost(q) ? fmt(q.score, 1) : '')), centres, y0 + rowH + base, fontSize, 'fill="#c00"');
  }
  const width = Math.min(questions.length, perRow) * cellW + 1;
  const height = rows * (2 * rowH + gap) - gap + 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="-0.5 -0.5 ${width} ${height}" `
    + `style="display:block;font-size:${fontSize}px"><path d="${band}" fill="#E8EAEF"/>`
    + `<path d="${path}" stroke="#333" stroke-width="0.75" fill="none"/>${text}</svg>`;
}
