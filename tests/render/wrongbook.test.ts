// 错题本 printed by the wrongbook render job (render service printer, Chromium): the class version with a stem holding
// a fraction (MathML from KaTeX), a 300 × 150 px black picture (data: URL), rates and knowledge points, long stems
// that must wrap rather than run off the page, then the student version with each student on their own pages.
// The PDF is read back with mupdf: its text, every line's box inside the printable area, the picture in the raster.
import { readFileSync } from 'node:fs';
import { PNG as PngFile } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { WrongBookPrintData, WrongBookPrintQuestion } from '@jz/report-templates';
import { processJob } from '../../apps/render-service/src/processors.js';
import { renderJobs } from '../helpers/render-jobs.js';
import { rasterisePdf } from '../helpers/card-blanks.js';
import { pdfInfo, pdfLines, pdfText } from '../helpers/pdf.js';

function blackPng(w: number, h: number): string {
  const png = new PngFile({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.writeUInt32BE(0x000000ff, i * 4);
  return `data:image/png;base64,${PngFile.sync.write(png).toString('base64')}`;
}

const question = (no: string, over: Partial<WrongBookPrintQuestion> = {}): WrongBookPrintQuestion => ({
  no, typeName: '解答题', fullScore: 12, answer: null, knowledgePoints: ['函数'], classRate: 0.5, gradeRate: 0.6, wrongCount: 3,
  stem: `<p>第${no}题题干</p>`, analysis: null, ...over,
});

describe('错题本 printed by the wrongbook job', () => {
  const jobs = renderJobs('jz-wrongbook-');

  const long = '已知函数在区间上单调递增，求参数的取值范围并说明理由。'.repeat(30);
  const data: WrongBookPrintData = {
    schoolName: '示例中学', examName: '2026年秋季期中考试', courseName: '数学', className: '高一(1)班', threshold: 0.6, version: 'class',
    questions: [
      // 7 of 16 → 43.75 %; grade 0.6012 → 60.12 % (by hand)
      question('3', { typeName: '单选题', fullScore: 5, answer: 'B', knowledgePoints: ['分数运算', '有理数'], classRate: 7 / 16, gradeRate: 0.6012, wrongCount: 9,
        stem: `<p>计算 $\\frac{1}{2}+\\frac{1}{3}$ 的值，如图：</p><p><img src="${blackPng(300, 150)}" alt=""></p>`, analysis: '<p>通分得 $\\frac{5}{6}$。</p>' }),
      question('7', { stem: `<p>${long}</p><p>${'x'.repeat(400)}</p>`, analysis: `<p>${long}</p>` }),
      question('9', { stem: '<p>公式 $\\frac{1}{$ 无法识别<script>document.title="x"</script></p>', knowledgePoints: [] }),
      ...Array.from({ length: 6 }, (_, i) => question(String(10 + i), { stem: `<p>${long}</p>` })),
      question('20', { stem: null }),
    ],
    students: [],
  };

  it('prints stems with formulas and pictures, the rates and knowledge points, and no line outside the page', async () => {
    const r = await processJob('wrongbook', data, { ...jobs, jobId: 'wb-1' });
    const pdf = readFileSync(r.resultPath);
    const info = pdfInfo(pdf);
    expect(info).toMatchObject({ widthPt: 595, heightPt: 842 });
    expect(info.pages).toBeGreaterThan(1);
    const text = pdfText(pdf).replace(/\s+/g, '');
    for (const s of ['2026年秋季期中考试数学高一(1)班错题本', '班级得分率低于60%', '第3题', '单选题·满分5', '班级得分率43.75%', '年级得分率60.12%', '答错9人',
      '知识点：分数运算、有理数', '答案：B', '第20题', '（本题未加入题库，无题干）', '$\\frac{1}{$']) expect(text, s).toContain(s);
    expect(text).not.toContain('\\frac{1}{2}'); // a formula KaTeX reads is typeset, not printed as its source
    expect(text).not.toContain('document.title');
    // every text line lies within the A4 page less its margins (14 mm = 39.7 pt at the sides, 16 mm at the foot)
    const mm = 72 / 25.4;
    for (const [pi, page] of pdfLines(pdf).entries()) {
      for (const l of page.lines) {
        expect(l.x, `第${pi + 1}页 ${l.text}`).toBeGreaterThanOrEqual(14 * mm - 1);
        expect(l.x + l.w, `第${pi + 1}页 ${l.text}`).toBeLessThanOrEqual(595 - 14 * mm + 1);
        expect(l.y + l.h, `第${pi + 1}页 ${l.text}`).toBeLessThanOrEqual(842 - 16 * mm + 1);
      }
    }
    // the picture: 300 × 150 CSS px = 3.125 × 1.5625 in → at 96 dpi ≈ 300 × 150 black pixels in rows no text makes
    const [first] = rasterisePdf(pdf, 96);
    const { width, height, data: px } = first!.raster;
    let rows = 0;
    for (let y = 0; y < height; y++) {
      let run = 0, best = 0;
      for (let x = 0; x < width; x++) { run = px[y * width + x]! < 60 ? run + 1 : 0; best = Math.max(best, run); }
      if (best >= 280) rows++;
    }
    expect(rows).toBeGreaterThanOrEqual(140);
    expect(rows).toBeLessThanOrEqual(160);
  });

  it('puts each student on their own page in the student version', async () => {
    const students: WrongBookPrintData = {
      ...data, version: 'students', questions: data.questions.slice(0, 1),
      students: [{ examNo: '2026001', name: '张三', items: [{ no: '3', score: 0, fullScore: 5 }] }, { examNo: '2026002', name: '李四', items: [{ no: '3', score: 2, fullScore: 5 }] }],
    };
    const r = await processJob('wrongbook', students, { ...jobs, jobId: 'wb-2' });
    const pages = pdfText(readFileSync(r.resultPath)).split('\f').map((t) => t.replace(/\s+/g, '')).filter(Boolean);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('张三（考号2026001）·错题1道');
    expect(pages[0]).toContain('得分0');
    expect(pages[1]).toContain('李四（考号2026002）·错题1道');
    expect(pages[1]).toContain('得分2');
    await expect(processJob('wrongbook', { ...data, questions: [] }, { ...jobs, jobId: 'wb-3' })).rejects.toThrow('没有低于阈值的题目');
  });
});
