/**
 * Reading the import workbooks (xlsx-read.ts: streaming, with limits) and writing the exports with exceljs'
 * streaming writer. Columns come from @jz/shared/excel-templates.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExcelColumn, ExcelTemplate } from '@jz/shared/excel-templates';
import { XLSX_MIME } from '@jz/shared/api/excel';
import { BizError } from '../../core/http.js';
import type { ImportLimits } from './import-limits.js';
import { columnLetter, readXlsx, type XlsxSource, type XlsxValue } from './xlsx-read.js';

export interface SheetRow {
  /** Excel row number (header = 1). */
  row: number;
  /** Trimmed text of each template column, by key ('' when empty). */
  cells: Record<string, string>;
}

export interface TemplateSheet {
  rows: SheetRow[];
  /** Excel column letter of each template column, by key (for error messages). */
  letters: Record<string, string>;
}

/** The text a user sees in a cell. */
export function cellText(v: XlsxValue | undefined): string {
  if (v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

/**
 * Reads the first sheet (streaming, with the limits of the import kind): row 1 must hold every template header
 * (any order, extra columns ignored), data from row 2; blank rows are skipped. Refuses non-xlsx files, files
 * beyond the limits and wrong headers with a clear message.
 */
export async function readTemplateSheet(buffer: XlsxSource, template: ExcelTemplate, limits: ImportLimits): Promise<TemplateSheet> {
  const rows: SheetRow[] = [];
  let header: Map<string, number> | undefined;
  let headerMissing = false;
  const { sheets } = await readXlsx(buffer, limits, {
    firstSheetOnly: true,
    onRow: ({ rowNo, values }) => {
      if (rowNo === 1) {
        header = new Map();
        values.forEach((v, i) => { const t = cellText(v); if (t && !header!.has(t)) header!.set(t, i); });
        return;
      }
      if (!header) { headerMissing = true; return; } // first row missing: reported below
      const cells: Record<string, string> = {};
      let any = false;
      for (const col of template.columns) {
        const idx = header.get(col.header);
        const t = idx === undefined ? '' : cellText(values[idx]);
        cells[col.key] = t;
        if (t) any = true;
      }
      if (any) rows.push({ row: rowNo, cells });
    },
  });
  if (!sheets.length) throw new BizError('文件中没有工作表');
  const expected = template.columns.map((c) => c.header).join('、');
  if (headerMissing || !header || header.size === 0) throw new BizError(`第 1 行应为表头（${expected}），请下载模板，按模板填写后导入`);
  const missing = template.columns.filter((c) => !header!.has(c.header)).map((c) => c.header);
  if (missing.length) throw new BizError(`表头不正确，缺少列：${missing.join('、')}。表头应为：${expected}，请下载模板，按模板填写后导入`);
  if (!rows.length) throw new BizError('文件中没有数据，请从第 2 行开始填写');
  const letters = Object.fromEntries(template.columns.map((c) => [c.key, columnLetter(header!.get(c.header)!)]));
  return { rows, letters };
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
  const { default: ExcelJS } = await import('exceljs'); // loaded on first export (memory of an idle api)
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

/**
 * Downloads: a refusal is the JSON envelope; make sure it is labelled as JSON, so a blob client can tell it from
 * a file (the error handler's own serializer leaves content-type unset).
 */
export const jsonWhenRefused = {
  onSend: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8');
    return payload;
  },
};
