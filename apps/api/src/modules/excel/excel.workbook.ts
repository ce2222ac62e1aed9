/**
 * Reading and writing the import/export workbooks with exceljs' streaming reader and writer (big files never
 * sit in memory as a whole workbook object). Columns come from @jz/shared/excel-templates.
 */
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { IMPORT_MAX_ROWS, type ExcelColumn, type ExcelTemplate } from '@jz/shared/excel-templates';
import { XLSX_MIME } from '@jz/shared/api/excel';
import { BizError } from '../../core/http.js';

export interface SheetRow {
  /** Excel row number (header = 1). */
  row: number;
  /** Trimmed text of each template column, by key ('' when empty). */
  cells: Record<string, string>;
}

const NOT_XLSX = '文件格式不正确，请上传 .xlsx 格式的 Excel 文件（不支持 .xls、.csv）';

/** The text a user sees in a cell, whatever exceljs made of it (number, rich text, formula, hyperlink, date). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('').trim();
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return '';
  }
  return String(v).trim();
}

/**
 * Reads the first sheet: row 1 must hold every template header (any order, extra columns ignored), data from
 * row 2; blank rows are skipped. Refuses non-xlsx files and wrong headers with a clear message.
 */
export async function readTemplateSheet(buffer: Buffer, template: ExcelTemplate): Promise<SheetRow[]> {
  // An xlsx file is a zip archive: "PK\x03\x04".
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw new BizError(NOT_XLSX);
  const rows: SheetRow[] = [];
  let header: Map<string, number> | undefined;
  let sheetSeen = false;
  let tooMany = false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
      worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore',
    });
    for await (const sheet of reader) {
      if (sheetSeen) {
        for await (const _ of sheet) { /* drain the other sheets */ }
        continue;
      }
      sheetSeen = true;
      for await (const r of sheet) {
        const values = r.values as unknown[];
        if (r.number === 1) {
          header = new Map();
          values.forEach((v, i) => { const t = cellText(v); if (t && !header!.has(t)) header!.set(t, i); });
          continue;
        }
        if (!header) break; // first row missing: reported below
        const cells: Record<string, string> = {};
        let any = false;
        for (const col of template.columns) {
          const idx = header.get(col.header);
          const t = idx === undefined ? '' : cellText(values[idx]);
          cells[col.key] = t;
          if (t) any = true;
        }
        if (!any) continue;
        if (rows.length >= IMPORT_MAX_ROWS) { tooMany = true; continue; }
        rows.push({ row: r.number, cells });
      }
    }
  } catch (err) {
    if (err instanceof BizError) throw err;
    throw new BizError(NOT_XLSX);
  }
  if (!sheetSeen) throw new BizError('文件中没有工作表');
  const expected = template.columns.map((c) => c.header).join('、');
  if (!header || header.size === 0) throw new BizError(`第 1 行应为表头（${expected}），请下载模板，按模板填写后导入`);
  const missing = template.columns.filter((c) => !header!.has(c.header)).map((c) => c.header);
  if (missing.length) throw new BizError(`表头不正确，缺少列：${missing.join('、')}。表头应为：${expected}，请下载模板，按模板填写后导入`);
  if (tooMany) throw new BizError(`数据行数超过上限（${IMPORT_MAX_ROWS} 行），请分批导入`);
  if (!rows.length) throw new BizError('文件中没有数据，请从第 2 行开始填写');
  return rows;
}

export interface SheetSpec {
  name: string;
  columns: readonly Pick<ExcelColumn, 'header' | 'key' | 'width' | 'text'>[];
  /** Values in column order. */
  rows: Iterable<(string | number | null)[]>;
}

/** Writes sheets with a bold frozen header row; text columns keep '@' format. Returns the xlsx bytes. */
export async function writeWorkbook(sheets: SheetSpec[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  wb.creator = '大数据精准教学诊断平台';
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.text ? { numFmt: '@' } : {} }));
    const head = ws.getRow(1);
    head.font = { bold: true };
    head.commit();
    for (const values of spec.rows) ws.addRow(values.map((v) => v ?? '')).commit();
    ws.commit();
  }
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** The empty template: data sheet with headers, plus a 填写说明 sheet listing each column's rule. */
export function writeTemplate(template: ExcelTemplate): Promise<Buffer> {
  return writeWorkbook([
    { name: template.sheetName, columns: template.columns, rows: [] },
    {
      name: '填写说明',
      columns: [{ header: '列名', key: 'h', width: 12 }, { header: '是否必填', key: 'r', width: 10 }, { header: '说明', key: 'n', width: 80 }],
      rows: template.columns.map((c) => [c.header, c.required ? '必填' : '选填', c.note]),
    },
  ]);
}

/** Sends an xlsx download: Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 5987). */
export function sendXlsx(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('access-control-expose-headers', 'Content-Disposition')
    .send(bytes);
}
