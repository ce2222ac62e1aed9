// 成绩条 (strips layout) of a 12-subject exam with long subject names and a long exam name: no strip shows '…',
// every subject name and the whole exam name are printed, and nothing crosses a cut line (each strip's text stays
// inside its 37.125 mm band, so cutting the sheet apart leaves every student a whole strip).
import { describe, expect, it } from 'vitest';
import { demoSlipData, STRIPS_PER_PAGE, type ScoreSlipData } from '@jz/report-templates';
import { processJob } from '../../apps/render-service/src/processors.js';
import { renderJobs } from '../helpers/render-jobs.js';
import { pdfInfo, pdfLines, pdfText } from '../helpers/pdf.js';

const jobs = renderJobs('jz-strips-head-');

const LONG_SUBJECTS = ['语文', '数学', '英语（含听力）', '思想政治', '历史', '地理', '物理（选考）', '化学（选考）', '生物学（选考）', '信息技术', '通用技术', '体育与健康'];
const LONG_EXAM = '2025—2026学年第一学期高一年级第二次阶段性教学质量检测暨六校联合考试';
const LONG_SCHOOL = '示范实验中学高中部（东校区）';

/** `count` students of one class with the 12 subjects renamed (scores and ranks from the demo's 9 + 3 copies). */
function twelveSubjects(count: number, names = LONG_SUBJECTS): ScoreSlipData {
  const d = demoSlipData(count, 50, 20251112, 9);
  return {
    ...d, schoolName: LONG_SCHOOL, examName: LONG_EXAM, layout: 'strips', options: { showClassRank: true, showGradeRank: true },
    students: d.students.map((st) => ({ ...st, subjects: names.map((subject, k) => ({ ...st.subjects[k % st.subjects.length]!, subject })) })),
  };
}

async function printStrips(data: ScoreSlipData, id: string) {
  const { resultPath } = await processJob('slips', data, { ...jobs, jobId: id });
  return resultPath;
}

/** Each strip's text (lines inside its band, whitespace removed); fails when a line crosses a band's edge. */
function stripTexts(file: string): string[] {
  const out: string[] = [];
  for (const page of pdfLines(file)) {
    const band = page.height / STRIPS_PER_PAGE;
    const texts = Array.from({ length: STRIPS_PER_PAGE }, () => '');
    for (const l of page.lines) {
      const k = Math.floor(l.y / band);
      expect(l.y + l.h, `「${l.text}」越过裁剪线`).toBeLessThanOrEqual((k + 1) * band + 0.5);
      texts[k] += l.text.replace(/\s+/g, '');
    }
    out.push(...texts.filter((t) => t.includes('考号：')));
  }
  return out;
}

describe('成绩条 head of a 12-subject exam with long names', () => {
  it('prints every subject name and the whole exam name on every strip, without …', async () => {
    const data = twelveSubjects(STRIPS_PER_PAGE);
    const file = await printStrips(data, 'twelve');
    expect(pdfInfo(file).pages).toBe(1);
    const all = pdfText(file).replace(/\s+/g, '');
    expect(all).not.toContain('…');
    const strips = stripTexts(file);
    expect(strips).toHaveLength(STRIPS_PER_PAGE);
    strips.forEach((t, i) => {
      const st = data.students[i]!;
      expect(t).toContain(`${LONG_SCHOOL}·${LONG_EXAM}`);
      expect(t).toContain(`考号：${st.admissionNo}`);
      for (const s of [...LONG_SUBJECTS, '总分']) expect(t, `第 ${i + 1} 条缺「${s}」`).toContain(s);
      expect(t).toContain('年级排名');
    });
  });

  it('keeps still longer subject names whole in smaller type', async () => {
    const names = LONG_SUBJECTS.map((s, k) => (k % 2 ? `${s}（学业水平合格性考试）` : s));
    const data = twelveSubjects(3, names);
    const file = await printStrips(data, 'longer');
    const all = pdfText(file).replace(/\s+/g, '');
    expect(all).not.toContain('…');
    const strips = stripTexts(file);
    expect(strips).toHaveLength(3);
    for (const t of strips) {
      for (const s of [...names, '总分']) expect(t, `缺「${s}」`).toContain(s);
      expect(t).toContain('年级排名');
    }
  });
});
