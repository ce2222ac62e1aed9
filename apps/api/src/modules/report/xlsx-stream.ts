/**
 * A streaming xlsx writer for large exports (the 100,000-row transcript): sheet XML with inline strings is
 * generated row by row (our own code: exceljs' WorkbookWriter builds per-cell objects and is ≈10× slower) and
 * streamed into the zip by yazl. exceljs reads the result back in the tests.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { columnLetters } from '@jz/shared/format';

export type XCell = string | number | null | undefined;
export interface XSheet { name: string; header: string[]; rows: Iterable<XCell[]> }

// Control characters are not allowed in XML 1.0: dropped.
// eslint-disable-next-line no-control-regex
const esc = (s: string) => s.replace(/[<>&"\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : ''));

const letters: string[] = [];
const colName = (i: number): string => (letters[i] ??= columnLetters(i));

function rowXml(r: number, cells: XCell[], style = ''): string {
  let x = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined || v === '') continue;
    const ref = colName(i) + r;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) x += `<c r="${ref}"${style}><v>${v}</v></c>`;
    } else x += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`;
  }
  return `${x}</row>`;
}

/** String chunks joined into ≈64 KB buffers: fewer, larger writes into the deflater. */
function* batched(chunks: Iterable<string>): Generator<Buffer> {
  let pending = '';
  for (const c of chunks) {
    pending += c;
    if (pending.length > 1 << 16) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending) yield Buffer.from(pending, 'utf8');
}

/** Writes an xlsx of the sheets to `out` (bold, frozen header row) and ends it. */
export async function writeXlsx(out: Writable, sheets: XSheet[]): Promise<void> {
  const zip = new ZipFile();
  const entry = (name: string, chunks: Iterable<string>) => {
    const data = Readable.from(batched(chunks), { objectMode: false });
    // yazl pipes the stream without forwarding its errors (a failing row source): fail the whole file
    data.once('error', (err) => (zip.outputStream as unknown as Readable).destroy(err));
    // level 1: the sheet XML is very repetitive, faster levels barely change the size
    zip.addReadStream(data, name, { compressionLevel: 1 });
  };

  const names = uniqueNames(sheets.map((s) => s.name));
  entry('[Content_Types].xml', [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`]);
  entry('_rels/.rels', ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>']);
  entry('xl/workbook.xml', [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names.map((n, i) => `<sheet name="${esc(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`]);
  entry('xl/_rels/workbook.xml.rels', [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`]);
  entry('xl/styles.xml', ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>']);
  for (const [i, s] of sheets.entries()) {
    function* xml() {
      yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>';
      yield rowXml(1, s.header, ' s="1"');
      let r = 1;
      for (const row of s.rows) yield rowXml(++r, row);
      yield '</sheetData></worksheet>';
    }
    entry(`xl/worksheets/sheet${i + 1}.xml`, xml());
  }
  zip.end();
  await pipeline(zip.outputStream, out);
}

function uniqueNames(list: string[]): string[] {
  const used = new Set<string>();
  return list.map((raw) => {
    const base = raw.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet';
    let name = base;
    for (let k = 2; used.has(name); k++) name = `${base.slice(0, 27)}(${k})`;
    used.add(name);
    return name;
  });
}
