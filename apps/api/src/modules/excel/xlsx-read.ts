/**
 * Streaming reader of uploaded xlsx files with limits (import-limits.ts). The zip's central directory is read
 * with yauzl; each needed part is inflated as a stream and every inflated byte is counted against the limit
 * (a zip header can lie about sizes); the XML is tokenized chunk by chunk (xml-scan.ts). Shared strings are
 * kept (bounded by count and characters), rows are handed to the caller one by one, never a whole sheet.
 */
import { open } from 'node:fs/promises';
import { posix } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import { BizError } from '../../core/http.js';
import { ImportLimitError, mb, type ImportLimits } from './import-limits.js';
import { XmlScanner, attr, decodeXml, type XmlHandler } from './xml-scan.js';

export type XlsxValue = string | number | boolean;
export interface XlsxRow {
  /** Excel row number (1 = first row). */
  rowNo: number;
  /** By column: values[0] = column A; empty cells are holes/undefined. Strings are trimmed, never ''. */
  values: (XlsxValue | undefined)[];
}

export const NOT_XLSX = '文件格式不正确，请上传 .xlsx 格式的 Excel 文件（不支持 .xls、.csv）';
const MAX_ENTRIES = 10_000;
/** Longest unfinished tag kept between two inflated chunks. */
const MAX_TOKEN = 64 * 1024;

/** Letter of a 0-based column: 0 → A, 25 → Z, 26 → AA. */
export const columnLetter = (i: number): string => (i >= 26 ? columnLetter(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** 0-based column of a cell reference (B12 → 1); -1 without letters. */
function columnOf(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) & ~32; // upper case
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
    if (n > 20_000) break;
  }
  return i === 0 ? -1 : n - 1;
}

export interface ReadOptions {
  /** Only the first sheet (tab order) is read; the others are not even inflated. */
  firstSheetOnly?: boolean;
  /** Called before the rows of each sheet read. */
  onSheet?: (name: string) => void;
  onRow: (row: XlsxRow) => void;
}

/**
 * The workbook: bytes in memory, or a stored upload read from disk part by part (an import job's file is never
 * loaded whole: the zip's directory and each part's compressed bytes are read from the file as they are needed).
 */
export type XlsxSource = Buffer | { path: string };

/** The first four bytes and the size of the source. */
async function headOf(source: XlsxSource): Promise<{ magic: number; size: number }> {
  if (Buffer.isBuffer(source)) return { magic: source.length < 4 ? 0 : source.readUInt32LE(0), size: source.length };
  const fh = await open(source.path, 'r');
  try {
    const b = Buffer.alloc(4);
    const { bytesRead } = await fh.read(b, 0, 4, 0);
    return { magic: bytesRead < 4 ? 0 : b.readUInt32LE(0), size: (await fh.stat()).size };
  } finally {
    await fh.close();
  }
}

/** Reads the workbook, calling back per sheet and per non-empty row; refuses with a Chinese 400 beyond the limits. */
export async function readXlsx(source: XlsxSource, limits: ImportLimits, opts: ReadOptions): Promise<{ sheets: string[] }> {
  const head = await headOf(source);
  if (head.magic !== 0x04034b50) throw new BizError(NOT_XLSX); // zip: "PK\x03\x04"
  if (head.size > limits.fileBytes) throw new ImportLimitError(`文件过大：${limits.label}文件不能超过 ${mb(limits.fileBytes)}`);
  let zip: yauzl.ZipFile | undefined;
  try {
    const options = { validateEntrySizes: false, strictFileNames: false, autoClose: false };
    try {
      zip = Buffer.isBuffer(source) ? await yauzl.fromBufferPromise(source, options) : await yauzl.openPromise(source.path, options);
    } catch {
      throw new BizError(NOT_XLSX);
    }
    return await readZip(zip, limits, opts);
  } finally {
    zip?.close();
  }
}

async function readZip(zip: yauzl.ZipFile, limits: ImportLimits, opts: ReadOptions): Promise<{ sheets: string[] }> {
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new BizError(NOT_XLSX);
    for await (const e of zip.eachEntry()) entries.set(e.fileName.replace(/^\/+/, '').toLowerCase(), e);
  } catch (err) {
    if (err instanceof BizError) throw err;
    throw new BizError(NOT_XLSX);
  }

  let inflated = 0;
  const tooBig = () => new ImportLimitError(`文件过大：解压后超过 ${mb(limits.expandedBytes)}（${limits.label}上限），请删除多余的内容或分批导入`);
  /** Streams one part through a handler; false when the part is absent. */
  const readPart = async (path: string, handler: XmlHandler): Promise<boolean> => {
    const entry = entries.get(path.toLowerCase());
    if (!entry) return false;
    if (inflated + entry.uncompressedSize > limits.expandedBytes) throw tooBig(); // an honest header: refuse at once
    const scanner = new XmlScanner(handler, MAX_TOKEN);
    const decoder = new StringDecoder('utf8');
    try {
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limits.expandedBytes) throw tooBig();
        scanner.write(decoder.write(chunk));
      }
      scanner.write(decoder.end());
      scanner.end();
    } catch (err) {
      if (err instanceof BizError) throw err;
      throw new BizError(NOT_XLSX);
    }
    return true;
  };

  // _rels/.rels → the workbook part; its rels → sheets and shared strings.
  let workbookPath = 'xl/workbook.xml';
  await readPart('_rels/.rels', relsHandler((_id, target, type) => { if (type.endsWith('/officeDocument')) workbookPath = resolve('', target); }));
  const sheets: { name: string; rid: string }[] = [];
  const found = await readPart(workbookPath, {
    open(name, tag) {
      if (name !== 'sheet') return;
      sheets.push({ name: (attr(tag, 'name') ?? '').trim(), rid: relId(tag) });
      if (sheets.length > limits.sheets) throw new ImportLimitError(`工作表数量超过 ${limits.sheets} 个上限`);
    },
    close() {}, text() {},
  });
  if (!found) throw new BizError(NOT_XLSX);
  const dir = posix.dirname(workbookPath);
  const targets = new Map<string, string>();
  let sharedPath = posix.join(dir, 'sharedStrings.xml');
  await readPart(posix.join(dir, '_rels', `${posix.basename(workbookPath)}.rels`), relsHandler((id, target, type) => {
    targets.set(id, resolve(dir, target));
    if (type.endsWith('/sharedStrings')) sharedPath = resolve(dir, target);
  }));

  const shared: string[] = [];
  await readPart(sharedPath, sharedStringsHandler(shared, limits));

  const cells = { count: 0 };
  const names: string[] = [];
  for (const [k, s] of sheets.entries()) {
    if (opts.firstSheetOnly && k > 0) break;
    const path = targets.get(s.rid) ?? posix.join(dir, 'worksheets', `sheet${k + 1}.xml`);
    names.push(s.name);
    opts.onSheet?.(s.name);
    await readPart(path, sheetHandler(s.name, shared, limits, cells, opts.onRow));
  }
  return { sheets: names };
}

/** A relationship target against the folder of its source part ('/xl/x.xml' is absolute). */
function resolve(dir: string, target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(dir, target));
}

/** r:id (any prefix) of a <sheet>. */
function relId(tag: string): string {
  return attr(tag, 'r:id') ?? /\s[\w.-]+:id\s*=\s*["']([^"']*)["']/.exec(tag)?.[1] ?? '';
}

function relsHandler(onRel: (id: string, target: string, type: string) => void): XmlHandler {
  return {
    open(name, tag) { if (name === 'Relationship') onRel(attr(tag, 'Id') ?? '', attr(tag, 'Target') ?? '', attr(tag, 'Type') ?? ''); },
    close() {}, text() {},
  };
}

/** <si> items: plain <t> and rich-text runs joined; phonetic runs (<rPh>) left out. */
function sharedStringsHandler(out: string[], limits: ImportLimits): XmlHandler {
  let inSi = false;
  let inPhonetic = false;
  let capture = false;
  let cur = '';
  let chars = 0;
  return {
    open(name) {
      if (name === 'si') { inSi = true; cur = ''; } else if (name === 'rPh') inPhonetic = true; else if (name === 't' && inSi && !inPhonetic) capture = true;
    },
    close(name) {
      if (name === 't') capture = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        inSi = false;
        const s = decodeXml(cur);
        cur = '';
        if (s.length > limits.cellChars) throw cellTooLong(limits, '');
        chars += s.length;
        if (chars > limits.sharedStringChars) throw new ImportLimitError(`文件过大：共享字符串超过 ${limits.sharedStringChars} 个字符（${limits.label}上限）`);
        out.push(s);
        if (out.length > limits.sharedStrings) throw new ImportLimitError(`文件过大：共享字符串超过 ${limits.sharedStrings} 个（${limits.label}上限）`);
      }
    },
    text(raw) {
      if (!capture) return;
      cur += raw;
      if (cur.length > limits.cellChars * 10) throw cellTooLong(limits, ''); // raw text: entities take up to 10 characters
    },
  };
}

const cellTooLong = (limits: ImportLimits, where: string) =>
  new ImportLimitError(`单元格内容过长：${where}超过 ${limits.cellChars} 个字符（${limits.label}上限）`);

function sheetHandler(sheet: string, shared: string[], limits: ImportLimits, cells: { count: number }, onRow: (r: XlsxRow) => void): XmlHandler {
  let rowNo = 0;
  let rows = 0;
  let col = -1;
  let values: (XlsxValue | undefined)[] = [];
  let type = '';
  let buf = '';
  let capture = false;
  let inInline = false;
  let inPhonetic = false;
  const where = () => `工作表“${sheet}”第 ${rowNo} 行 ${columnLetter(col)} 列`;
  const value = (): XlsxValue | undefined => {
    if (type === 's') {
      const s = buf === '' ? undefined : shared[Number(buf)];
      return s ? s.trim() || undefined : undefined;
    }
    if (type === 'b') return buf === '' ? undefined : buf === '1' || buf === 'true';
    const text = decodeXml(buf);
    if (text.length > limits.cellChars) throw cellTooLong(limits, where());
    if (type === 'inlineStr' || type === 'str' || type === 'e' || type === 'd') return text.trim() || undefined;
    if (text.trim() === '') return undefined;
    const n = Number(text);
    return Number.isNaN(n) ? text.trim() : n;
  };
  return {
    open(name, tag) {
      switch (name) {
        case 'row': {
          const r = attr(tag, 'r');
          rowNo = r ? Number(r) : rowNo + 1;
          col = -1;
          values = [];
          break;
        }
        case 'c': {
          const ref = attr(tag, 'r');
          const c = ref ? columnOf(ref) : -1;
          col = c >= 0 ? c : col + 1;
          type = attr(tag, 't') ?? 'n';
          buf = '';
          break;
        }
        case 'v': capture = true; break;
        case 'is': inInline = true; break;
        case 'rPh': inPhonetic = true; break;
        case 't': if (inInline && !inPhonetic) capture = true; break;
        default:
      }
    },
    close(name) {
      switch (name) {
        case 'v': case 't': capture = false; break;
        case 'is': inInline = false; break;
        case 'rPh': inPhonetic = false; break;
        case 'c': {
          const v = value();
          buf = '';
          if (v === undefined) break; // an empty (styled) cell far to the right is no column of data
          if (col >= limits.columns) throw new ImportLimitError(`列数超过 ${limits.columns} 列上限（${where()}），请删除多余的列`);
          values[col] = v;
          if (++cells.count > limits.cells) throw new ImportLimitError(`单元格数量超过 ${limits.cells} 个（${limits.label}上限），请分批导入`);
          break;
        }
        case 'row':
          if (!values.length) break;
          if (++rows > limits.rows) throw new ImportLimitError(`行数超过 ${limits.rows - 1} 行上限（${limits.label}，工作表“${sheet}”），请分批导入`);
          onRow({ rowNo, values });
          values = [];
          break;
        default:
      }
    },
    text(raw) {
      if (!capture) return;
      buf += raw;
      if (buf.length > limits.cellChars * 10) throw cellTooLong(limits, where());
    },
  };
}
