// Joins printed PDF chunks into one document in Node (pdf-lib parses each chunk), so no system binary (pdfunite) is
// needed. The merge streams into a file: each chunk's pages and everything they use are renumbered and written out
// as soon as the chunk is appended, then the chunk is dropped; only the page references stay in memory, and the
// page tree, catalog and cross-reference table are written at the end. (Holding the merged document in pdf-lib and
// saving it once kept every page of a 2,000-slip grade in the heap: ≈ 250 MB at the end of the job.)
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';

const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'].map((n) => PDFName.of(n));
const PARENT = PDFName.of('Parent');
const CATALOG = 1;
const PAGES = 2;

export class PdfMerger {
  private tail: Promise<void> = Promise.resolve();
  private readonly kids: number[] = [];
  private readonly offsets: number[] = [];
  private written = 0;
  private nextNo = 3;
  private info: number | undefined;

  private constructor(private readonly out: WriteStream, private readonly file: string, private readonly tmp: string) {}

  /** A merger writing `file` (through a temporary file beside it, renamed into place by finish()). */
  static async create(file: string): Promise<PdfMerger> {
    const tmp = `${file}.${process.pid}.merge`;
    const out = createWriteStream(tmp);
    await once(out, 'open');
    const m = new PdfMerger(out, file, tmp);
    await m.write(Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1'));
    return m;
  }

  get pageCount(): number {
    return this.kids.length;
  }

  private async write(bytes: Buffer): Promise<void> {
    this.written += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  private async writeObject(no: number, body: Buffer | string): Promise<void> {
    this.offsets[no] = this.written;
    await this.write(Buffer.concat([Buffer.from(`${no} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]));
  }

  /** Appends every page of `pdf`; calls are applied in call order even when not awaited one by one. */
  append(pdf: Uint8Array): Promise<void> {
    const run = this.tail.then(() => this.appendNow(pdf));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async appendNow(pdf: Uint8Array): Promise<void> {
    const src = await PDFDocument.load(pdf, { updateMetadata: false });
    const ctx = src.context;
    const numbers = new Map<number, number>();
    const order: PDFRef[] = [];
    const seen = new Set<PDFObject>();
    const renumber = (ref: PDFRef): PDFRef => {
      let no = numbers.get(ref.objectNumber);
      if (no === undefined) {
        no = this.nextNo++;
        numbers.set(ref.objectNumber, no);
        order.push(ref);
      }
      return PDFRef.of(no);
    };
    // every object reachable from the pages (not through /Parent), references rewritten in place to new numbers
    const walk = (obj: PDFObject | undefined): PDFObject | undefined => {
      if (obj instanceof PDFRef) return renumber(obj);
      if (!obj || seen.has(obj)) return obj;
      seen.add(obj);
      if (obj instanceof PDFStream) walk(obj.dict);
      else if (obj instanceof PDFDict) {
        for (const [k, v] of obj.entries()) if (k !== PARENT) obj.set(k, walk(v)!);
      } else if (obj instanceof PDFArray) {
        for (let i = 0; i < obj.size(); i++) obj.set(i, walk(obj.get(i))!);
      }
      return obj;
    };
    for (const page of src.getPages()) {
      const leaf = page.node;
      for (const name of INHERITABLE) {
        if (leaf.get(name)) continue;
        const inherited = leaf.getInheritableAttribute(name);
        if (inherited) leaf.set(name, inherited);
      }
      leaf.set(PARENT, PDFRef.of(PAGES));
      this.kids.push(renumber(page.ref).objectNumber);
    }
    const info = this.info === undefined ? ctx.trailerInfo.Info : undefined;
    if (info instanceof PDFRef) this.info = renumber(info).objectNumber;
    // objects are written in the order found; walking one may find more
    for (let i = 0; i < order.length; i++) {
      const ref = order[i]!;
      const obj = walk(ctx.lookup(ref));
      const no = numbers.get(ref.objectNumber)!;
      if (!obj) {
        await this.writeObject(no, 'null');
        continue;
      }
      const bytes = Buffer.alloc(obj.sizeInBytes());
      obj.copyBytesInto(bytes, 0);
      await this.writeObject(no, bytes);
    }
  }

  /** Writes the page tree, catalog and cross-reference table, closes the file and moves it to its place. */
  async finish(): Promise<void> {
    try {
      await this.tail;
      const size = this.nextNo;
      await this.writeObject(PAGES, `<< /Type /Pages /Kids [${this.kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${this.kids.length} >>`);
      await this.writeObject(CATALOG, `<< /Type /Catalog /Pages ${PAGES} 0 R >>`);
      const xref = this.written;
      const rows = ['xref', `0 ${size}`, '0000000000 65535 f '];
      for (let no = 1; no < size; no++) {
        const at = this.offsets[no];
        rows.push(at === undefined ? '0000000000 65535 f ' : `${String(at).padStart(10, '0')} 00000 n `);
      }
      const trailer = `trailer\n<< /Size ${size} /Root ${CATALOG} 0 R${this.info ? ` /Info ${this.info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
      await this.write(Buffer.from(`${rows.join('\n')}\n${trailer}`, 'latin1'));
      this.out.end();
      await once(this.out, 'finish');
      await rename(this.tmp, this.file);
    } catch (e) {
      await this.abort();
      throw e;
    }
  }

  /** Drops the partial file (a failed job). */
  async abort(): Promise<void> {
    this.out.destroy();
    await rm(this.tmp, { force: true });
  }
}
