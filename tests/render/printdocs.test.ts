// Printed documents that read like reports: a one-module report is that module (no cover, no
// one-line contents); table headers wrap instead of being cut with '…'; the 成绩条 strips layout puts
// STRIPS_PER_PAGE students on each A4 page, a new page per class, also through the chunked print and merge.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoReport, demoSlipData, demoWideReport, paginateReport, renderReportHtml, STRIPS_PER_PAGE, stripPages, sortSlipStudents,
} from '@jz/report-templates';
import { createPrinter, type Printer } from '../../apps/render-service/src/printer.js';
import { processJob } from '../../apps/render-service/src/processors.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';

let printer: Printer;
let tmp: string;
beforeAll(() => {
  printer = createPrinter({ chromium: 'npm' });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'jz-printdocs-'));
});
afterAll(async () => {
  await printer?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const pagesOf = (pdf: string) => pdfText(pdf).split('\f').map((t) => t.replace(/\s+/g, ''));

describe('analysis report', () => {
  it('prints a one-module report without cover and contents; several modules keep both', async () => {
    expect(paginateReport(demoReport(1, 10)).map((p) => p.kind)).toEqual(['body']);
    expect(paginateReport(demoReport(3, 10)).slice(0, 2).map((p) => p.kind)).toEqual(['cover', 'toc']);
    const file = path.join(tmp, 'one.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, await printer.printPdf(renderReportHtml(demoWideReport()), { width: '908px', height: '1285px' }));
    const [first] = pagesOf(file);
    expect(first).toContain('01成绩单'); // the module's numbered title
    expect(first).not.toContain('目录');
    expect(first).not.toContain('日期：'); // the cover's meta block
  });

  it('prints every header cell in full: long headers wrap and the header row grows', async () => {
    const data = demoWideReport();
    const file = path.join(tmp, 'wide.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, await printer.printPdf(renderReportHtml(data), { width: '908px', height: '1285px' }));
    const text = pagesOf(file).join('');
    expect(text).not.toContain('…');
    for (const t of data.modules[0]!.tables!) {
      for (const c of t.columns) expect(text, `表头「${typeof c === 'string' ? c : c.title}」被截断`).toContain((typeof c === 'string' ? c : c.title).replace(/\s+/g, ''));
    }
    expect(renderReportHtml(data)).not.toMatch(/th\{[^}]*text-overflow:ellipsis/);
  });
});

describe('成绩条 strips layout', () => {
  it(`puts ${STRIPS_PER_PAGE} students on an A4 page and starts each class on a new page`, async () => {
    const d = demoSlipData(53, 50);
    const students = [...d.students.slice(0, 19), ...d.students.slice(50, 53)];
    const pages = stripPages(sortSlipStudents(students)).map((p) => p.length);
    expect(pages).toEqual([8, 8, 3, 3]);
    // through the job's chunked printing (chunks of whole pages) and merge
    const { resultPath } = await processJob('slips', { ...d, layout: 'strips', students }, {
      printer, workDir: tmp, jobId: 'strips', progress: () => undefined, slipChunk: 8, parallel: 2,
    });
    expect(pdfInfo(resultPath)).toEqual({ pages: 4, widthPt: 595, heightPt: 842 });
    const perPage = pagesOf(resultPath).map((t) => (t.match(/考号：\d+/g) ?? []).length);
    expect(perPage).toEqual([8, 8, 3, 3]);
    const text = pagesOf(resultPath);
    expect(text[0]).toContain(`考号：${students[0]!.admissionNo}`);
    expect(text[3]).toContain(`考号：${students[19]!.admissionNo}`);
    expect(text[0]).toContain('班级排名');
    expect(text[0]).toContain('总分');
  });

  it('keeps one student per page with the default layout', async () => {
    const d = demoSlipData(12, 50);
    const { resultPath } = await processJob('slips', { ...d, students: d.students.slice(0, 3) }, {
      printer, workDir: tmp, jobId: 'pages', progress: () => undefined,
    });
    expect(pdfInfo(resultPath).pages).toBe(3);
  });
});
