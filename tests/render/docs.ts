// The documents under snapshot: fixed demo data → HTML → PDF → PNG at 50 dpi (mupdf). Shared by the snapshot test and
// scripts/render-baselines.ts (the only writer of tests/render/baselines/*.png).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoCardLayout, demoReport, demoSlipData, demoWideReport, renderCardHtml, renderReportHtml, renderSlipsHtml } from '@jz/report-templates';
import type { PdfPageSize, Printer } from '../../apps/render-service/src/printer.js';
import { pdfToPngs } from '../helpers/pdf.js';

export const BASELINE_DIR = path.join(import.meta.dirname, 'baselines');
export const DPI = 50;
export const BASELINE_COMMAND = 'node --import tsx scripts/render-baselines.ts';

export interface SnapshotDoc {
  name: string;
  html: () => string;
  size: PdfPageSize;
  pages: number;
  /** Page size in points, rounded. */
  pagePt: [number, number];
  texts: string[];
}

export const SNAPSHOT_DOCS: SnapshotDoc[] = [
  {
    name: 'card',
    html: () => renderCardHtml(demoCardLayout()),
    size: { format: 'A4' },
    pages: 3,
    pagePt: [595, 842],
    texts: ['2025—2026学年第一学期高一期中考试', '语文 答题卡', '注意事项', '缺考', '贴条形码区', '作文（60分）'],
  },
  {
    name: 'slips',
    html: () => {
      const d = demoSlipData(53, 50); // two classes; three slips printed: seat 1–2 of class 1 and seat 1 of class 2
      return renderSlipsHtml({ ...d, students: [d.students[50], d.students[1], d.students[0]] });
    },
    size: { format: 'A4' },
    pages: 3,
    pagePt: [595, 842],
    texts: ['示范实验中学', '2025—2026学年第一学期高一期中考试 成绩单', '班级排名', '小题得分', '评语'],
  },
  {
    // a 9-subject exam: the slip continues on a second page (历史, 地理 and the comment), the foot on both
    name: 'slips9',
    html: () => renderSlipsHtml({ ...demoSlipData(1, 50, 20251112, 9) }),
    size: { format: 'A4' },
    pages: 2,
    pagePt: [595, 842],
    texts: ['政治', '历史', '地理', '成绩单（续）', '第 1 / 2 页', '第 2 / 2 页'],
  },
  {
    name: 'report',
    html: () => renderReportHtml(demoReport(2, 40)),
    size: { width: '908px', height: '1285px' },
    pages: 6,
    pagePt: [681, 964],
    texts: ['高一年级期中考试分析报告', '目录', '成绩总览', '分数段分布', '学生成绩明细（续）', '第 3 页 / 共 6 页'],
  },
  {
    // one module: no cover or contents; the wide 成绩单 in smaller type with 总分 beside the names; long headers wrap
    name: 'wide',
    html: () => renderReportHtml(demoWideReport()),
    size: { width: '908px', height: '1285px' },
    pages: 2,
    pagePt: [681, 964],
    texts: ['成绩单', '总分年级排名', '英语年级排名', '650-750人数', '650-750累计', '第 1 页 / 共 2 页'],
  },
  {
    // 成绩条 to cut apart: 8 students of class 1 on page 1, class 2's three on page 2
    name: 'strips',
    html: () => {
      const d = demoSlipData(53, 50);
      return renderSlipsHtml({ ...d, layout: 'strips', students: [...d.students.slice(0, 8), ...d.students.slice(50, 53)] });
    },
    size: { format: 'A4' },
    pages: 2,
    pagePt: [595, 842],
    texts: ['示范实验中学', '考号：20250101', '考号：20250108', '考号：20250201', '班级排名', '总分'],
  },
];

export { pdfInfo, pdfText } from '../helpers/pdf.js';

/** Rasterises every page at DPI (mupdf, in Node); returns PNG bytes in page order. */
export const rasterise = (pdf: string): Buffer[] => pdfToPngs(pdf, DPI);

export const baselinePath = (doc: string, page: number) => path.join(BASELINE_DIR, `${doc}-${page}.png`);

/** Prints a document to a temporary PDF file and returns its path (caller removes the folder). */
export async function printToFile(printer: Printer, doc: SnapshotDoc, dir: string): Promise<string> {
  const file = path.join(dir, `${doc.name}.pdf`);
  writeFileSync(file, await printer.printPdf(doc.html(), doc.size));
  return file;
}
