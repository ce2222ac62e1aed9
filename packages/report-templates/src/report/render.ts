// Printable analysis report: 908×1285 px pages, pre-paginated here (cover, contents, then each module from
// a new page; long tables split by rows with the header repeated). Heights are fixed by CSS so the page
// plan made here is what Chromium prints.
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
  | { kind: 'table'; title?: string; columns: ReportColumn[]; rows: ReportTable['rows']; headH: number; compact: boolean; height: number };

interface Page { kind: 'cover' | 'toc' | 'body'; blocks: Block[]; toc?: { title: string; page: number }[] }

function columnsOf(t: ReportTable): ReportColumn[] {
  return t.columns.map((c) => (typeof c === 'string' ? { title: c } : c));
}

const HEAD_LINE_H = 16;
const HEAD_PAD = 6;

/**
 * Height of a table's header row: headers wrap (never cut with '…'), so the row grows to its longest title.
 * CJK glyphs are one font-size wide, Latin/digits about half; cells have 4 px padding each side.
 */
export function headerHeight(columns: ReportColumn[], compact = false): number {
  const total = columns.reduce((a, c) => a + (c.width ?? 1), 0);
  const font = compact ? 11 : 13;
  let lines = 1;
  for (const c of columns) {
    const px = (CONTENT_W * (c.width ?? 1)) / total - 10;
    const need = [...c.title].reduce((a, ch) => a + (ch.charCodeAt(0) <= 0xff ? 0.6 : 1), 0) * font;
    lines = Math.max(lines, Math.ceil(need / Math.max(px, font)));
  }
  return Math.max(TABLE_HEAD_H, lines * HEAD_LINE_H + 2 * HEAD_PAD);
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
      const headH = headerHeight(columns, compact);
      let rest = t.rows;
      let first = true;
      do {
        const titleH = t.title ? BLOCK_TITLE_H : 0;
        let fit = Math.floor((CONTENT_H - used - titleH - headH) / ROW_H);
        if (fit < Math.min(3, rest.length || 1)) { next(); fit = Math.floor((CONTENT_H - titleH - headH) / ROW_H); }
        const rows = rest.slice(0, fit);
        rest = rest.slice(fit);
        const title = t.title && !first ? `${t.title}（续）` : t.title;
        const hgt = titleH + headH + rows.length * ROW_H;
        put({ kind: 'table', title, columns, rows, headH, compact, height: hgt }, hgt);
        first = false;
      } while (rest.length);
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
      const total = b.columns.reduce((a, c) => a + (c.width ?? 1), 0);
      return h('div', { key, className: 'block' },
        b.title ? h('div', { className: 'block-title' }, b.title) : null,
        h('table', { className: b.compact ? 'compact' : undefined },
          h('colgroup', null, b.columns.map((c, i) => h('col', { key: i, style: { width: `${((c.width ?? 1) / total) * 100}%` } }))),
          h('thead', null, h('tr', null, b.columns.map((c, i) => h('th', { key: i, style: { height: b.headH } }, c.title)))),
          h('tbody', null, b.rows.map((r, ri) => h('tr', { key: ri },
            b.columns.map((c, ci) => h('td', { key: ci, style: c.align ? { textAlign: c.align } : undefined }, cell(r[ci] ?? null))))))));
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
  white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
th{height:${TABLE_HEAD_H}px;background:#E8EAEF;color:#1F3864;font-weight:700;
  white-space:normal;overflow:visible;text-overflow:clip;word-break:break-all;overflow-wrap:anywhere;line-height:${HEAD_LINE_H}px;padding:${HEAD_PAD}px 4px}
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
