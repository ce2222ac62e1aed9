/**
 * Score workbooks: uploads are read by the streaming, limited reader of the excel module (xlsx-read.ts);
 * templates are written with exceljs' WorkbookWriter (the in-memory workbook is ≈4× slower on a
 * 2,000-student × 9-subject file).
 */
import { PassThrough } from 'node:stream';
import { BizError } from '../../core/http.js';
import type { ImportLimits } from '../excel/import-limits.js';
import { readXlsx, type XlsxSource, type XlsxValue } from '../excel/xlsx-read.js';

export interface SheetRow { rowNo: number; values: (XlsxValue | undefined)[] }
export interface SheetData { name: string; rows: SheetRow[] }

export const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** Every sheet with its non-empty rows (values 0-based by column: values[0] = column A). */
export async function readWorkbook(buffer: XlsxSource, limits: ImportLimits): Promise<SheetData[]> {
  const sheets: SheetData[] = [];
  await readXlsx(buffer, limits, {
    onSheet: (name) => sheets.push({ name, rows: [] }),
    onRow: (row) => sheets[sheets.length - 1]!.rows.push(row),
  });
  if (!sheets.length) throw new BizError('文件中没有工作表');
  return sheets;
}

export interface SheetSpec { name: string; columns: { header: string; width: number }[]; rows: unknown[][] }

/** An xlsx with a bold header row per sheet, written through the streaming writer. */
export async function writeWorkbook(sheets: SheetSpec[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });
  const { default: ExcelJS } = await import('exceljs'); // loaded on first export (memory of an idle api)
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
    ws.columns = s.columns.map((c) => ({ header: c.header, width: c.width }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for (const r of s.rows) ws.addRow(r).commit();
    ws.commit();
  }
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}
