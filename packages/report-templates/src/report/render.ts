// Printable analysis report: 908×1285 px pages, pre-paginated here (cover, contents, then each module from
// a new page; long tables split by rows with the header repeated). Heights are fixed by CSS so the page
// plan made here is what Chromium prints. No cell is cut: long cells wrap and their row grows (estimated here),
// identifying columns (考号, 姓名) are widened to hold their longest value on one line.
import type { ReactNode } from 'react';
import { fmt, h, htmlDocument } from '../common.js';
import { renderChartSvg } from './charts.js';
import type { ReportColumn, ReportData, ReportTable } from './types.js';

export const REPORT_PAGE = { width: 908, height: 1285 } as const;
const PAD_X = 50;
const HEADER_H = 64;
const FOOTER_H = 56;
const CONTENT_W = REPORT_PAGE.width - 2 * PAD_X; // 808
const CONTENT_H = REPORT_PAGE.height - HEADER_H - FOOTER_H - 24; // 1141
const MODULE_TITLE_H = 52;
const DESC_LINE_H = 22;
const DESC_CHARS_PER_LINE = 56;
const BLOCK_TITLE_H = 30;
const TABLE_HEAD_H = 30;
const ROW_H = 26;
const BLOCK_GAP = 18;
const TOC_PER_PAGE = 36;

type Block =
  | { kind: 'moduleTitle'; title: string; no: number; height: number }
  | { kind: 'desc'; text: string; height: number }
  | { kind: 'chart'; title?: string; svg: string; width: number; height: number }
  | { kind: 'table'; title?: string; columns: ReportColumn[]; widths: number[]; rows: ReportTable['rows']; rowH: number[]; headH: number; compact: boolean; height: number };

interface Page { kind: 'cover' | 'toc' | 'body'; blocks: Block[]; toc?: { title: string; page: number }[] }

function columnsOf(t: ReportTable): ReportColumn[] {
  return t.columns.map((c) => (typeof c === 'string' ? { title: c } : c));
}

const HEAD_LINE_H = 16;
const HEAD_PAD = 6;
const BODY_LINE_H = 17;
const BODY_PAD = 4;
/** Columns that identify a student: printed whole on one line, their column widened to fit (never wrapped or cut). */
const IDENTIFYING = new Set(['考号', '姓名', '学号']);

/** Estimated width in px: CJK glyphs are one font-size wide, Latin/digits a little over half. */
function textWidth(s: string, font: number): number {
  let w = 0;
  for (const ch of s) w += ch.charCodeAt(0) <= 0xff ? 0.62 : 1;
  return w * font;
}
const cellPad = (compact: boolean) => (compact ? 4 : 8) + 2; // left + right padding, borders

/**
 * Column widths in px over the content width: by the columns' relative widths, except that an identifying column
 * (考号, 姓名) is at least as wide as its longest value on one line; the others share what is left.
 */
export function columnWidths(columns: ReportColumn[], rows: ReportTable['rows'] = [], compact = false): number[] {
  const font = compact ? 11 : 13;
  const total = columns.reduce((a, c) => a + (c.width ?? 1), 0);
  const widths = columns.map((c) => (CONTENT_W * (c.width ?? 1)) / total);
  const fixed = columns.map((c, i) => {
    if (!IDENTIFYING.has(c.title)) return 0;
    const need = Math.max(...rows.map((r) => textWidth(cell(r[i] ?? null), font)), 0) + cellPad(compact) + 2;
    return need > widths[i]! ? Math.ceil(need) : 0;
  });
  const taken = fixed.reduce((a, b) => a + b, 0);
  if (!taken) return widths;
  const restShare = columns.reduce((a, c, i) => a + (fixed[i] ? 0 : c.width ?? 1), 0);
  return columns.map((c, i) => fixed[i] || ((CONTENT_W - taken) * (c.width ?? 1)) / restShare);
}

/** Characters a line may not start with / end with (Chromium moves them with their neighbour, as in print). */
const NO_START = new Set('、，。．：；！？）》」』】〕〉’”…%‰,.;:!?)]}');
const NO_END = new Set('（《「『【〔〈‘“([{');

/** Lines a cell's text takes in a box `px` wide: greedy breaks anywhere (break-all), except before NO_START / after NO_END. */
export function linesOf(text: string, px: number, font: number): number {
  const chars = [...text];
  let lines = 1;
  let w = 0;
  chars.forEach((ch, i) => {
    const cw = textWidth(ch, font);
    if (w > 0 && w + cw > px + 0.01) {
      lines++;
      // the character before moves down with a NO_START one, and an opening bracket with its successor
      const prev = chars[i - 1]!;
      w = NO_START.has(ch) || NO_END.has(prev) ? textWidth(prev, font) + cw : cw;
    } else w += cw;
  });
  return lines;
}

/**
 * Height of a table's header row: headers wrap (never cut with '…'), so the row grows to its longest title.
 * CJK glyphs are one font-size wide, Latin/digits about half; cells have 4 px padding each side.
 */
export function headerHeight(columns: ReportColumn[], compact = false, widths = columnWidths(columns, [], compact)): number {
  const font = compact ? 11 : 13;
  const lines = Math.max(1, ...columns.map((c, i) => linesOf(c.title, widths[i]! - 10, font)));
  return Math.max(TABLE_HEAD_H, lines * HEAD_LINE_H + 2 * HEAD_PAD);
}

/** Height of a body row: one line is ROW_H; a longer cell wraps (never cut with '…') and the row grows. */
export function rowHeight(row: ReportTable['rows'][number], columns: ReportColumn[], widths: number[], compact = false): number {
  const font = compact ? 11 : 13;
  const lines = Math.max(1, ...columns.map((c, i) => (IDENTIFYING.has(c.title) ? 1 : linesOf(cell(row[i] ?? null), widths[i]! - cellPad(compact), font))));
  return lines === 1 ? ROW_H : lines * BODY_LINE_H + 2 * BODY_PAD;
}

/** Splits modules into pages. Exported for tests (page counts) and the web viewer. */
export function paginateReport(data: ReportData): Page[] {
  const body: Page[] = [];
  const moduleStart: number[] = [];
  data.modules.forEach((m, mi) => {
    let page: Page = { kind: 'body', blocks: [] };
    let used = 0;
    body.push(page);
    moduleStart.push(body.length);
    const next = () => { page = { kind: 'body', blocks: [] }; body.push(page); used = 0; };
    const put = (b: Block, hgt: number) => { page.blocks.push(b); used += hgt + BLOCK_GAP; };
    put({ kind: 'moduleTitle', title: m.title, no: mi + 1, height: MODULE_TITLE_H }, MODULE_TITLE_H);
    if (m.description) {
      const hgt = Math.ceil(m.description.length / DESC_CHARS_PER_LINE) * DESC_LINE_H;
      put({ kind: 'desc', text: m.description, height: hgt }, hgt);
    }
    for (const c of m.charts ?? []) {
      const width = Math.min(CONTENT_W, c.width ?? CONTENT_W);
      const height = Math.min(CONTENT_H - BLOCK_TITLE_H - MODULE_TITLE_H, c.height ?? 360);
      const total = height + (c.title ? BLOCK_TITLE_H : 0);
      if (used + total > CONTENT_H) next();
      put({ kind: 'chart', title: c.title, svg: renderChartSvg(c.option, width, height), width, height }, total);
    }
    for (const t of m.tables ?? []) {
      const columns = columnsOf(t);
      const compact = !!t.compact;
      const widths = columnWidths(columns, t.rows, compact);
      const headH = headerHeight(columns, compact, widths);
      const heights = t.rows.map((r) => rowHeight(r, columns, widths, compact));
      const titleH = t.title ? BLOCK_TITLE_H : 0;
      /** How many of the rows from `at` fit in `room` px (at least one: a row is never cut). */
      const fitFrom = (at: number, room: number) => {
        let n = 0;
        for (let y = 0; at + n < heights.length && y + heights[at + n]! <= room; n++) y += heights[at + n]!;
        return n;
      };
      let at = 0;
      let first = true;
      do {
        let fit = fitFrom(at, CONTENT_H - used - titleH - headH);
        if (fit < Math.min(3, t.rows.length - at || 1)) { next(); fit = Math.max(1, fitFrom(at, CONTENT_H - titleH - headH)); }
        const rows = t.rows.slice(at, at + fit);
        const rowH = heights.slice(at, at + fit);
        at += fit;
        const title = t.title && !first ? `${t.title}（续）` : t.title;
        const hgt = titleH + headH + rowH.reduce((a, b) => a + b, 0);
        put({ kind: 'table', title, columns, widths, rows, rowH, headH, compact, height: hgt }, hgt);
        first = false;
      } while (at < t.rows.length);
    }
  });
  // a one-module report is that module: no cover, no one-line contents page
  if (data.modules.length <= 1) return body;
  const tocEntries = data.modules.length;
  const tocPages = Math.max(1, Math.ceil(tocEntries / TOC_PER_PAGE));
  const offset = 1 + tocPages; // cover + contents come first
  const toc = data.modules.map((m, i) => ({ title: `${i + 1}. ${m.title}`, page: moduleStart[i] + offset }));
  const pages: Page[] = [{ kind: 'cover', blocks: [] }];
  for (let i = 0; i < tocPages; i++) pages.push({ kind: 'toc', blocks: [], toc: toc.slice(i * TOC_PER_PAGE, (i + 1) * TOC_PER_PAGE) });
  return [...pages, ...body];
}

function cell(v: string | number | null): string {
  return typeof v === 'number' ? fmt(v) : v ?? '—';
}

function drawBlock(b: Block, key: number): ReactNode {
  switch (b.kind) {
    case 'moduleTitle':
      return h('h2', { key, className: 'module-title' }, h('span', { className: 'no' }, String(b.no).padStart(2, '0')), b.title);
    case 'desc':
      return h('p', { key, className: 'desc', style: { height: b.height } }, b.text);
    case 'chart':
      return h('div', { key, className: 'block' },
        b.title ? h('div', { className: 'block-title' }, b.title) : null,
        h('div', { className: 'chart', style: { width: b.width, height: b.height }, dangerouslySetInnerHTML: { __html: b.svg } }));
    case 'table': {
      return h('div', { key, className: 'block' },
        b.title ? h('div', { className: 'block-title' }, b.title) : null,
        h('table', { className: b.compact ? 'compact' : undefined },
          h('colgroup', null, b.widths.map((w, i) => h('col', { key: i, style: { width: `${(w / CONTENT_W) * 100}%` } }))),
          h('thead', null, h('tr', null, b.columns.map((c, i) => h('th', { key: i, style: { height: b.headH } }, c.title)))),
          h('tbody', null, b.rows.map((r, ri) => h('tr', { key: ri, className: b.rowH[ri]! > ROW_H ? 'ml' : undefined },
            b.columns.map((c, ci) => h('td', {
              key: ci, className: IDENTIFYING.has(c.title) ? 'id' : undefined,
              style: { height: b.rowH[ri], ...(c.align ? { textAlign: c.align } : {}) },
            }, cell(r[ci] ?? null))))))));
    }
  }
}

const REPORT_CSS = `
.page{position:relative;width:${REPORT_PAGE.width}px;height:${REPORT_PAGE.height}px;overflow:hidden;break-after:page;page-break-after:always}
.page:last-child{break-after:auto;page-break-after:auto}
@media screen{html,body{background:#E9ECF1}.doc{padding:16px 0}.page{margin:0 auto 16px;background:#fff;box-shadow:0 1px 6px rgba(0,0,0,.18)}}
.head{position:absolute;left:${PAD_X}px;right:${PAD_X}px;top:0;height:${HEADER_H}px;display:flex;align-items:flex-end;justify-content:space-between;
  padding-bottom:8px;border-bottom:1.5px solid #2F5597;font-size:13px;color:#2F5597}
.foot{position:absolute;left:${PAD_X}px;right:${PAD_X}px;bottom:0;height:${FOOTER_H}px;display:flex;align-items:center;justify-content:space-between;
  border-top:1px solid #ccc;font-size:12px;color:#666}
.content{position:absolute;left:${PAD_X}px;top:${HEADER_H + 20}px;width:${CONTENT_W}px;height:${CONTENT_H}px;overflow:hidden}
.module-title{height:${MODULE_TITLE_H}px;font-size:24px;line-height:${MODULE_TITLE_H}px;color:#1F3864;border-bottom:2px solid #E8EAEF;margin-bottom:${BLOCK_GAP}px}
.module-title .no{display:inline-block;background:#2F5597;color:#fff;font-size:16px;line-height:28px;padding:0 8px;margin-right:12px;border-radius:3px;vertical-align:3px}
.desc{font-size:14px;line-height:${DESC_LINE_H}px;color:#333;margin-bottom:${BLOCK_GAP}px;overflow:hidden}
.block{margin-bottom:${BLOCK_GAP}px}
.block-title{height:${BLOCK_TITLE_H}px;line-height:${BLOCK_TITLE_H}px;font-size:15px;font-weight:700;color:#333}
.chart svg{display:block}
table{width:100%;border-collapse:collapse;table-layout:fixed}
th,td{height:${ROW_H}px;line-height:${ROW_H - 2}px;border:1px solid #BFC6D4;font-size:13px;text-align:center;padding:0 4px;
  white-space:normal;word-break:break-all;overflow-wrap:anywhere;overflow:hidden}
tr.ml td{line-height:${BODY_LINE_H}px;padding-top:${BODY_PAD - 1}px;padding-bottom:${BODY_PAD - 1}px}
td.id{white-space:nowrap;word-break:normal}
th{height:${TABLE_HEAD_H}px;background:#E8EAEF;color:#1F3864;font-weight:700;
  overflow:visible;line-height:${HEAD_LINE_H}px;padding:${HEAD_PAD}px 4px}
table.compact th,table.compact td{font-size:11px;padding-left:2px;padding-right:2px}
tbody tr:nth-child(even) td{background:#F7F8FB}
.cover{position:absolute;inset:0;background:linear-gradient(180deg,#1F3864 0,#2F5597 100%);color:#fff}
.cover .school{position:absolute;left:90px;top:220px;font-size:28px;letter-spacing:2px;opacity:.9}
.cover .title{position:absolute;left:90px;right:90px;top:400px;font-size:54px;font-weight:700;line-height:1.25}
.cover .subtitle{position:absolute;left:90px;right:90px;top:560px;font-size:26px;opacity:.9}
.cover .meta{position:absolute;left:90px;bottom:180px;font-size:20px;line-height:1.9;border-left:4px solid #fff;padding-left:18px}
.toc h1{font-size:32px;color:#1F3864;text-align:center;letter-spacing:16px;margin:20px 0 30px}
.toc .item{display:flex;align-items:baseline;font-size:17px;line-height:28px;color:#222}
.toc .item .dots{flex:1;border-bottom:1.5px dotted #999;margin:0 8px;transform:translateY(-5px)}
`;

/** Full HTML of the report; @page is 908×1285 px (print with width '908px', height '1285px'). */
export function renderReportHtml(data: ReportData): string {
  const pages = paginateReport(data);
  const n = pages.length;
  // without a cover (one module) the page head carries the cover's subtitle: grade, scope and filters
  const headTitle = pages[0]?.kind !== 'cover' && data.subtitle ? `${data.title} · ${data.subtitle}` : data.title;
  const frame = (i: number, content: ReactNode) => h('section', { key: i, className: 'page' },
    h('div', { className: 'head' }, h('span', null, `${data.schoolName} · ${data.examName}`), h('span', null, headTitle)),
    h('div', { className: 'content' }, content),
    h('div', { className: 'foot' }, h('span', null, '大数据精准教学诊断平台'), h('span', null, `第 ${i + 1} 页 / 共 ${n} 页`)));
  return htmlDocument({
    title: data.title,
    pageCss: `@page{size:${REPORT_PAGE.width}px ${REPORT_PAGE.height}px;margin:0}`,
    css: REPORT_CSS,
    body: pages.map((p, i) => {
      if (p.kind === 'cover') {
        return h('section', { key: i, className: 'page' }, h('div', { className: 'cover' },
          h('div', { className: 'school' }, data.schoolName),
          h('div', { className: 'title' }, data.title),
          data.subtitle ? h('div', { className: 'subtitle' }, data.subtitle) : null,
          h('div', { className: 'meta' }, h('div', null, `考试：${data.examName}`), h('div', null, `学校：${data.schoolName}`), h('div', null, `日期：${data.date}`))));
      }
      if (p.kind === 'toc') {
        return frame(i, h('div', { className: 'toc' }, h('h1', null, '目录'),
          p.toc!.map((t, k) => h('div', { key: k, className: 'item' }, h('span', null, t.title), h('span', { className: 'dots' }), h('span', null, String(t.page))))));
      }
      return frame(i, p.blocks.map(drawBlock));
    }),
  });
}
