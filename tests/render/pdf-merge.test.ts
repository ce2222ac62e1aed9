// The slips job's PDF merge (pdf-lib parsing, streamed into a file; no pdfunite): chunks appended without waiting for each other keep their
// call order, every page and its text; a slips job of several chunks printed in two tabs comes out in class/seat order.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSlipData } from '@jz/report-templates';
import { PdfMerger } from '../../apps/render-service/src/pdf-merge.js';
import { createPrinter, type Printer } from '../../apps/render-service/src/printer.js';
import { processJob } from '../../apps/render-service/src/processors.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';

async function pdfWithPages(labels: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const label of labels) doc.addPage([200, 100]).drawText(label, { x: 20, y: 50, size: 12, font });
  return doc.save();
}

describe('PdfMerger', () => {
  it('appends in call order even when the appends overlap', async () => {
    const parts = await Promise.all([['A1', 'A2'], ['B1'], ['C1', 'C2', 'C3']].map(pdfWithPages));
    const file = path.join(os.tmpdir(), `jz-merge-${process.pid}.pdf`);
    const merger = await PdfMerger.create(file);
    await Promise.all(parts.map((p) => merger.append(p)));
    await merger.finish();
    const merged = readFileSync(file);
    rmSync(file);
    expect(merger.pageCount).toBe(6);
    expect(pdfInfo(merged)).toEqual({ pages: 6, widthPt: 200, heightPt: 100 });
    expect(pdfText(merged).split('\f').map((t) => t.trim())).toEqual(['A1', 'A2', 'B1', 'C1', 'C2', 'C3']);
    // a valid file by another reader too: pdf-lib loads it back with every page
    expect((await PDFDocument.load(merged)).getPageCount()).toBe(6);
  });
});

describe('slips job', () => {
  let printer: Printer;
  let dataDir: string;
  beforeAll(() => {
    printer = createPrinter();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-merge-test-'));
  });
  afterAll(async () => {
    await printer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints 25 students in chunks of 4 on two tabs into one PDF in class and seat order', async () => {
    const data = demoSlipData(25, 10);
    const { resultPath } = await processJob('slips', data, { printer, workDir: dataDir, jobId: 'merge', progress: () => undefined, slipChunk: 4, parallel: 2 });
    const pages = pdfText(readFileSync(resultPath)).split('\f').filter((t) => t.trim());
    expect(pages).toHaveLength(25);
    const order = pages.map((t) => data.students.findIndex((s) => t.includes(s.admissionNo)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(25);
  });
});
