/**
 * Streaming xlsx I/O for score workbooks (exceljs WorkbookReader / WorkbookWriter: the in-memory workbook is
 * ≈4× slower on a 2,000-student × 9-subject file).
 */
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { BizError } from '../../core/http.js';

export interface SheetRow { rowNo: number; values: unknown[] }
export interface SheetData { name: string; rows: SheetRow[] }

/** A cell's plain value: formula result, rich text joined, hyperlink text; strings trimmed. */
export function plainValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object' && !(v instanceof Date)) {
    const o = v as Record<string, unknown>;
    if ('result' in o) return plainValue(o.result);
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join('').trim();
    if ('text' in o) return plainValue(o.text);
    if ('error' in o) return String(o.error);
  }
  return v;
}

export const cellText = (v: unknown): string => {
  const p = plainValue(v);
  if (p === null) return '';
  if (p instanceof Date) return p.toISOString().slice(0, 10);
  return String(p).trim();
};

/** Every sheet with its rows (values 0-based by column: values[0] = column A). */
export async function readWorkbook(buffer: Buffer): Promise<SheetData[]> {
  const sheets: SheetData[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
      sharedStrings: 'cache', worksheets: 'emit', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore',
    } as ExcelJS.stream.xlsx.WorkbookStreamReaderOptions);
    for await (const ws of reader as AsyncIterable<AsyncIterable<ExcelJS.Row> & { name?: string }>) {
      const rows: SheetRow[] = [];
      for await (const row of ws) {
        const raw = row.values as unknown[];
        rows.push({ rowNo: row.number, values: raw.slice(1).map(plainValue) });
      }
      sheets.push({ name: String(ws.name ?? '').trim(), rows });
    }
  } catch {
    throw new BizError('无法读取文件，请上传 Excel（.xlsx）文件');
  }
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
