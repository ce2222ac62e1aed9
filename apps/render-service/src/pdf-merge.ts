// Joins printed PDF chunks into one document in Node (pdf-lib), so no system binary (pdfunite) is needed.
// Chunks are appended one by one as they are printed (each parsed chunk is dropped after its pages are copied),
// and the result is serialised once at the end.
import { PDFDocument } from 'pdf-lib';

export class PdfMerger {
  private tail: Promise<void> = Promise.resolve();
  private pages = 0;

  private constructor(private readonly doc: PDFDocument) {}

  static async create(): Promise<PdfMerger> {
    // no Producer/dates written by pdf-lib: the chunks carry Chromium's
    return new PdfMerger(await PDFDocument.create({ updateMetadata: false }));
  }

  get pageCount(): number {
    return this.pages;
  }

  /** Appends every page of `pdf`; calls are applied in call order even when not awaited one by one. */
  append(pdf: Uint8Array): Promise<void> {
    const run = this.tail.then(async () => {
      const src = await PDFDocument.load(pdf, { updateMetadata: false });
      const copied = await this.doc.copyPages(src, src.getPageIndices());
      for (const page of copied) this.doc.addPage(page);
      this.pages += copied.length;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The merged document (after every append so far). */
  async save(): Promise<Uint8Array> {
    await this.tail;
    return this.doc.save({ useObjectStreams: false });
  }
}
