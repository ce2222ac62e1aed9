/**
 * Small files that decode into a great deal (the hostile uploads of scanning), written byte by byte so that a test
 * makes them in milliseconds: a PDF of n blank pages sharing one empty content stream, a multi-page TIFF whose
 * pages share one deflated strip set, and a zip whose entries share one deflated body.
 */
import zlib from 'node:zlib';

/** A PDF of n blank pages of w × h points (A4 595 × 842): about 100 bytes a page. */
export function blankPdf(pages: number, w = 595, h = 842): Buffer {
  const objs: string[] = [];
  objs[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  objs[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`;
  objs[3] = '<< /Length 0 >>\nstream\n\nendstream';
  for (let i = 0; i < pages; i++) objs[i + 4] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Contents 3 0 R >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let n = 1; n < objs.length; n++) {
    offsets[n] = body.length;
    body += `${n} 0 obj\n${objs[n]}\nendobj\n`;
  }
  const xref = [`xref\n0 ${objs.length}\n0000000000 65535 f \n`, ...offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  return Buffer.from(`${body}${xref}trailer\n<< /Size ${objs.length} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`, 'latin1');
}

/** A little-endian TIFF of n white 8-bit grey pages of w × h pixels, deflated in strips of 64 rows every page shares. */
export function tiffBomb(pages: number, w: number, h: number): Buffer {
  const rows = 64;
  const strips = Math.ceil(h / rows);
  const full = zlib.deflateSync(Buffer.alloc(w * rows, 0xff), { level: 9 });
  const last = zlib.deflateSync(Buffer.alloc(w * (h - rows * (strips - 1)), 0xff), { level: 9 });
  const chunks: Buffer[] = [];
  let at = 8;
  const put = (b: Buffer) => { const o = at; chunks.push(b); at += b.length; return o; };
  const header = Buffer.from('II*\0\0\0\0\0', 'latin1');
  at = header.length;
  const fullAt = put(full);
  const lastAt = put(last);
  const offsets = Buffer.alloc(4 * strips);
  const counts = Buffer.alloc(4 * strips);
  for (let i = 0; i < strips; i++) {
    offsets.writeUInt32LE(i === strips - 1 ? lastAt : fullAt, 4 * i);
    counts.writeUInt32LE(i === strips - 1 ? last.length : full.length, 4 * i);
  }
  const offsetsAt = put(offsets);
  const countsAt = put(counts);
  const ifdSize = 2 + 9 * 12 + 4;
  const firstIfd = at;
  for (let p = 0; p < pages; p++) {
    const ifd = Buffer.alloc(ifdSize);
    const tags: [number, number, number, number][] = [
      [256, 4, 1, w], [257, 4, 1, h], [258, 3, 1, 8], [259, 3, 1, 8], [262, 3, 1, 1],
      [273, 4, strips, offsetsAt], [277, 3, 1, 1], [278, 4, 1, rows], [279, 4, strips, countsAt],
    ];
    ifd.writeUInt16LE(tags.length, 0);
    tags.forEach(([tag, type, count, value], i) => {
      const o = 2 + 12 * i;
      ifd.writeUInt16LE(tag, o); ifd.writeUInt16LE(type, o + 2); ifd.writeUInt32LE(count, o + 4);
      if (type === 3 && count === 1) ifd.writeUInt16LE(value, o + 8); else ifd.writeUInt32LE(value, o + 8);
    });
    ifd.writeUInt32LE(p === pages - 1 ? 0 : at + ifdSize, ifdSize - 4);
    put(ifd);
  }
  header.writeUInt32LE(firstIfd, 4);
  return Buffer.concat([header, ...chunks]);
}

/** A zip of n entries of `bytes` each (a JPEG's first bytes, then zeros), one deflated body written n times. */
export function zipBomb(entries: number, bytes: number): Buffer {
  const data = Buffer.alloc(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  const crc = zlib.crc32(data);
  const body = zlib.deflateRawSync(data, { level: 9 });
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let at = 0;
  for (let i = 0; i < entries; i++) {
    const name = Buffer.from(`page-${i + 1}.jpg`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14); local.writeUInt32LE(body.length, 18); local.writeUInt32LE(bytes, 22); local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0); cd.writeUInt16LE(20, 4); cd.writeUInt16LE(20, 6); cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16); cd.writeUInt32LE(body.length, 20); cd.writeUInt32LE(bytes, 24); cd.writeUInt16LE(name.length, 28); cd.writeUInt32LE(at, 42);
    central.push(cd, name);
    parts.push(local, name, body);
    at += local.length + name.length + body.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(entries, 8); end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(cdBuf.length, 12); end.writeUInt32LE(at, 16);
  return Buffer.concat([...parts, cdBuf, end]);
}
