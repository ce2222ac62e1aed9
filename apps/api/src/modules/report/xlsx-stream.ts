/**
 * A minimal streaming xlsx writer for large exports (the 100,000-row transcript): sheet XML with inline
 * strings is generated row by row and deflated straight into a ZIP stream (data descriptors, no ZIP64: files
 * below 4 GB). exceljs' WorkbookWriter writes the same file ≈10× slower (per-cell objects), so the reports use
 * this writer; exceljs reads the result back in the tests.
 */
import { crc32, createDeflateRaw } from 'node:zlib';
import type { Writable } from 'node:stream';

export type XCell = string | number | null | undefined;
export interface XSheet { name: string; header: string[]; rows: Iterable<XCell[]> }

// Control characters are not allowed in XML 1.0: dropped.
// eslint-disable-next-line no-control-regex
const esc = (s: string) => s.replace(/[<>&"\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : ''));

const letters: string[] = [];
const colName = (i: number): string => {
  if (letters[i]) return letters[i]!;
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return (letters[i] = s);
};

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

interface Entry { name: Buffer; crc: number; size: number; csize: number; offset: number }

/** Writes an xlsx of the sheets to `out` (bold, frozen header row) and ends it. */
export async function writeXlsx(out: Writable, sheets: XSheet[]): Promise<void> {
  let offset = 0;
  const entries: Entry[] = [];
  const push = async (buf: Buffer) => {
    offset += buf.length;
    if (!out.write(buf)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  /** One ZIP entry from string chunks: local header, deflated data, data descriptor. */
  async function entry(name: string, chunks: Iterable<string>) {
    const nameBuf = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // data descriptor + UTF-8 names
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(nameBuf.length, 26);
    const e: Entry = { name: nameBuf, crc: 0, size: 0, csize: 0, offset };
    await push(header);
    await push(nameBuf);
    const deflate = createDeflateRaw({ level: 1 });
    const done = new Promise<void>((resolve, reject) => {
      deflate.on('data', (c: Buffer) => {
        e.csize += c.length;
        offset += c.length;
        if (!out.write(c)) {
          deflate.pause();
          out.once('drain', () => deflate.resume());
        }
      });
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    let pending = '';
    const flush = async () => {
      const buf = Buffer.from(pending, 'utf8');
      pending = '';
      e.crc = crc32(buf, e.crc);
      e.size += buf.length;
      if (!deflate.write(buf)) await new Promise<void>((resolve) => deflate.once('drain', resolve));
    };
    for (const s of chunks) {
      pending += s;
      if (pending.length > 1 << 16) await flush();
    }
    await flush();
    deflate.end();
    await done;
    const dd = Buffer.alloc(16);
    dd.writeUInt32LE(0x08074b50, 0);
    dd.writeUInt32LE(e.crc >>> 0, 4);
    dd.writeUInt32LE(e.csize, 8);
    dd.writeUInt32LE(e.size, 12);
    await push(dd);
    entries.push(e);
  }

  const names = uniqueNames(sheets.map((s) => s.name));
  await entry('[Content_Types].xml', [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`]);
  await entry('_rels/.rels', ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>']);
  await entry('xl/workbook.xml', [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names.map((n, i) => `<sheet name="${esc(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`]);
  await entry('xl/_rels/workbook.xml.rels', [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`]);
  await entry('xl/styles.xml', ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>']);
  for (const [i, s] of sheets.entries()) {
    function* xml() {
      yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>';
      yield rowXml(1, s.header, ' s="1"');
      let r = 1;
      for (const row of s.rows) yield rowXml(++r, row);
      yield '</sheetData></worksheet>';
    }
    await entry(`xl/worksheets/sheet${i + 1}.xml`, xml());
  }
  const cdStart = offset;
  for (const e of entries) {
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0808, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(e.crc >>> 0, 16);
    c.writeUInt32LE(e.csize, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(e.name.length, 28);
    c.writeUInt32LE(e.offset, 42);
    await push(c);
    await push(e.name);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(offset - cdStart, 12);
  end.writeUInt32LE(cdStart, 16);
  await push(end);
  out.end();
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
