// 每页一人 slips of a 9-subject exam: every subject's question grid and the 总分 row are printed, a student whose
// slip does not fit one A4 page continues on a second one, and no text is under or over the foot line
// (text boxes read from the PDF with mupdf).
import { describe, expect, it } from 'vitest';
import { demoSlipData } from '@jz/report-templates';
import { processJob } from '../../apps/render-service/src/processors.js';
import { renderJobs } from '../helpers/render-jobs.js';
import { pdfLines } from '../helpers/pdf.js';

const jobs = renderJobs('jz-slip-pages-');

const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '政治', '历史', '地理'];

describe('每页一人 slips of a 9-subject exam', () => {
  it('print every subject and 总分, continue on a second page, and keep the foot clear of every row', async () => {
    const d = demoSlipData(5, 50, 20251112, 9);
    // chunks of 2 students: the continued pages also go through the chunked print and merge
    const { resultPath } = await processJob('slips', d, {
      ...jobs, jobId: 'nine', slipChunk: 2, parallel: 2,
    });
    const pages = pdfLines(resultPath);
    expect(pages).toHaveLength(10); // 5 students × 2 pages
    for (const [i, page] of pages.entries()) {
      const foot = page.lines.filter((l) => l.text.startsWith('示范实验中学 · '));
      expect(foot, `第 ${i + 1} 页页脚`).toHaveLength(1);
      expect(foot[0]!.text).toMatch(new RegExp(`· 第 ${(i % 2) + 1} / 2 页$`));
      const f = foot[0]!;
      expect(f.y + f.h).toBeLessThanOrEqual(page.height);
      for (const l of page.lines) {
        if (l === f) continue;
        expect(l.y + l.h, `第 ${i + 1} 页「${l.text.trim()}」压在页脚上`).toBeLessThan(f.y);
      }
    }
    for (let s = 0; s < 5; s++) {
      const st = d.students[s]!;
      const lines = [...pages[2 * s]!.lines, ...pages[2 * s + 1]!.lines];
      expect(lines.some((l) => l.text === '总分')).toBe(true);
      expect(lines.some((l) => l.text === String(st.total!.score))).toBe(true);
      // each subject: its score-table row (x ≈ 46 pt) and its question-grid label (x ≈ 29 pt)
      const labels = lines.filter((l) => l.x < 35 && SUBJECTS.includes(l.text)).map((l) => l.text);
      expect(labels).toEqual(SUBJECTS);
      expect(lines.filter((l) => l.x > 40 && l.x < 60 && SUBJECTS.includes(l.text)).map((l) => l.text)).toEqual(SUBJECTS);
      // 地理's last question (30) and its score are printed
      expect(lines.some((l) => /\b28\s+29\s+30\b/.test(l.text))).toBe(true);
      expect(pages[2 * s + 1]!.lines[0]!.text).toContain(`${st.name} · 考号 ${st.admissionNo}`);
    }
  });
});
