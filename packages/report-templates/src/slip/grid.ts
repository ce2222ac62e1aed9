// The compact per-question score grid of a slip. Chromium's print time grows with text fragments and boxes
// (measured: a box per cell ≈ 35 ms per slip; tab stops or per-glyph SVG positions are as slow), so a grid row
// is ONE plain run of a monospace face, 5 characters per 26 px cell, over an SVG that draws only the lines
// and the grey band. Lost points are red (an inline span, no extra box).
import { escapeHtml, fmt } from '../common.js';
import type { SlipQuestionScore } from './types.js';

export const GRID = { perRow: 19, cellW: 26, rowH: 12, gap: 4, fontSize: 8.5 } as const;

/** Monospace cells: every cell is CELL_CHARS characters of a monospace face, so a grid row is one plain run. */
const CELL_CHARS = 5;
const MONO_ADVANCE = 0.602; // DejaVu Sans Mono / Liberation Mono: 0.6 em
const MONO_SIZE = +(GRID.cellW / CELL_CHARS / MONO_ADVANCE).toFixed(3);

function cellText(s: string): string {
  const t = s.length > CELL_CHARS ? s.slice(0, CELL_CHARS) : s;
  const left = Math.floor((CELL_CHARS - t.length) / 2);
  return ' '.repeat(left) + t + ' '.repeat(CELL_CHARS - t.length - left);
}

export function questionGridHtml(questions: SlipQuestionScore[]): string {
  const { perRow, cellW, rowH, gap } = GRID;
  const rows = Math.ceil(questions.length / perRow);
  let band = '';
  let path = '';
  let text = '';
  for (let r = 0; r < rows; r++) {
    const chunk = questions.slice(r * perRow, r * perRow + perRow);
    const n = chunk.length;
    const y0 = r * (2 * rowH + gap);
    const w = n * cellW;
    band += `M0 ${y0}h${w}v${rowH}h${-w}z`;
    path += `M0 ${y0}h${w}M0 ${y0 + rowH}h${w}M0 ${y0 + 2 * rowH}h${w}`;
    for (let c = 0; c <= n; c++) path += `M${c * cellW} ${y0}v${2 * rowH}`;
    const nos = escapeHtml(chunk.map((q) => cellText(q.no)).join(''));
    const scores = chunk.map((q) => {
      const s = cellText(q.score === null ? '-' : fmt(q.score, 1));
      return q.score !== null && q.score < q.fullScore ? `<span class="l">${s}</span>` : s;
    }).join('');
    text += `<div class="qn" style="top:${y0}px">${nos}</div><div class="qv" style="top:${y0 + rowH}px">${scores}</div>`;
  }
  const width = Math.min(questions.length, perRow) * cellW + 1;
  const height = rows * (2 * rowH + gap) - gap + 1;
  return `<div class="qg" style="width:${width}px;height:${height}px">`
    + `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="-0.5 -0.5 ${width} ${height}">`
    + `<path d="${band}" fill="#E8EAEF"/><path d="${path}" stroke="#333" stroke-width="0.75" fill="none"/></svg>${text}</div>`;
}

/** CSS the grid needs (included by the slip document). */
export const GRID_CSS = `.qg{position:relative;font-size:${MONO_SIZE}px;font-family:'DejaVu Sans Mono','Liberation Mono',monospace}
.qg svg{position:absolute;left:0;top:0;display:block}
.qg .qn,.qg .qv{position:absolute;left:0;white-space:pre;line-height:${GRID.rowH}px;height:${GRID.rowH}px;letter-spacing:0}
.qg .qn{color:#333}
.qg .l{color:#c00}`;
