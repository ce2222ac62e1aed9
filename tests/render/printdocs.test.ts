// Printed documents that read like reports: a one-module report is that module (no cover, no
// one-line contents); table headers wrap instead of being cut with '…'; the 成绩条 strips layout puts
// STRIPS_PER_PAGE students on each A4 page, a new page per class, also through the chunked print and merge.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  demoReport, demoSlipData, demoWideReport, paginateReport, renderReportHtml, STRIPS_PER_PAGE, stripPages, sortSlipStudents,
} from '@jz/report-templates';
import { processJob } from '../../apps/render-service/src/processors.js';
import { renderJobs } from '../helpers/render-jobs.js';
import { pdfInfo, pdfLines, pdfText } from '../helpers/pdf.js';

const jobs = renderJobs('jz-printdocs-');

const pagesOf = (pdf: string) => pdfText(pdf).split('\f').map((t) => t.replace(/\s+/g, ''));

describe('analysis report', () => {
  it('prints a one-module report without cover and contents; several modules keep both', async () => {
    expect(paginateReport(demoReport(1, 10)).map((p) => p.kind)).toEqual(['body']);
    expect(paginateReport(demoReport(3, 10)).slice(0, 2).map((p) => p.kind)).toEqual(['cover', 'toc']);
    const file = path.join(jobs.workDir, 'one.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, await jobs.printer.printPdf(renderReportHtml(demoWideReport()), { width: '908px', height: '1285px' }));
    const [first] = pagesOf(file);
    expect(first).toContain('01成绩单'); // the module's numbered title
    expect(first).not.toContain('目录');
    expect(first).not.toContain('日期：'); // the cover's meta block
  });

  it('prints every header cell in full: long headers wrap and the header row grows', async () => {
    const data = demoWideReport();
    const file = path.join(jobs.workDir, 'wide.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, await jobs.printer.printPdf(renderReportHtml(data), { width: '908px', height: '1285px' }));
    const text = pagesOf(file).join('');
    expect(text).not.toContain('…');
    for (const t of data.modules[0]!.tables!) {
      for (const c of t.columns) expect(text, `表头「${typeof c === 'string' ? c : c.title}」被截断`).toContain((typeof c === 'string' ? c : c.title).replace(/\s+/g, ''));
    }
    expect(renderReportHtml(data)).not.toMatch(/th\{[^}]*text-overflow:ellipsis/);
  });
});

describe('printed table cells', () => {
  it('prints every body cell whole: long cells wrap, 考号 and 姓名 stay on one line, no cell ends in …', async () => {
    const subjects = '语文、数学、英语、物理、化学、生物、政治、历史、地理';
    const point = '信息筛选与整合（实用类文本阅读）';
    const columns = ['考号', '姓名', '班级', '考试科目', '知识点', '总分', '总分班级排名', '总分年级排名', '语文', '数学', '英语', '物理', '化学', '生物']
      .map((title) => ({ title }));
    const rows = Array.from({ length: 60 }, (_, r) => [`2026010${String(r + 1).padStart(5, '0')}`, `欧阳${'子涵浩然'.slice(r % 3, (r % 3) + 2)}`,
      `高一(${(r % 8) + 1})班`, subjects, r % 2 ? point : '默写', 600 - r, (r % 50) + 1, r + 1, 120, 130, 110, 90, 80, 70]);
    const data = { ...demoWideReport(), modules: [{ title: '成绩单', tables: [{ title: '成绩单', compact: true, columns, rows }] }] };
    const file = path.join(jobs.workDir, 'cells.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, await jobs.printer.printPdf(renderReportHtml(data), { width: '908px', height: '1285px' }));
    const pages = pagesOf(file);
    const text = pages.join('');
    expect(text).not.toContain('…');
    for (const r of rows) expect(text).toContain(String(r[0]));
    expect(text.split(subjects).length - 1).toBe(rows.length); // every wrapped cell printed whole
    expect(text.split(point).length - 1).toBe(rows.length / 2);
    // 考号 and 姓名 each on one text line; the plan's page count is what Chromium printed
    const lines = pdfLines(file).flatMap((p) => p.lines.map((l) => l.text.trim()));
    for (const r of rows) {
      expect(lines).toContain(r[0]);
      expect(lines).toContain(r[1]);
    }
    pages.forEach((t, i) => expect(t).toContain(`第${i + 1}页/共${pages.length}页`));
    // no row is cut at the page bottom: every page's text stays above its foot
    for (const p of pdfLines(file)) {
      const foot = p.lines.find((l) => l.text.startsWith('大数据精准教学诊断平台'))!;
      for (const l of p.lines) if (l !== foot && !l.text.startsWith('第 ')) expect(l.y + l.h, l.text).toBeLessThan(foot.y);
    }
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
      ...jobs, jobId: 'strips', slipChunk: 8, parallel: 2,
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
      ...jobs, jobId: 'pages',
    });
    expect(pdfInfo(resultPath).pages).toBe(3);
  });
});
