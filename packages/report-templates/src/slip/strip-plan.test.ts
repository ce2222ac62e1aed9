import { describe, expect, it } from 'vitest';
import { planStrip } from './strip-plan.js';

// Expected values from /tmp python (the same text-width model: CJK glyph = font size, Latin/digits 0.62 of it;
// strip 37.125 mm, 3.5 mm top and 2.5 mm bottom clear, head 15 px lines, table 2 mm below, cells 1 px padding
// and a 0.75 px border, 194 mm inner width with the 15 mm label column):
//   MM=96/25.4; INNER=(210-16)*MM; ROOM0=297/8*MM-6*MM
//   def tw(s,f): return sum(0.62 if ord(c)<=0xff else 1 for c in s)*f
//   def lines(t,px,f): greedy: a char that would pass px starts a new line (，） move with the char before)
//   head one line if tw(exam,10)+sum(tw(field,10))+5*MM*len(fields) <= INNER else lines(exam,INNER,10)+1
//   table = 2*MM + headerLines*line + 2.75 + rows*(line+2.75) + 0.75, colW=(INNER-15*MM)/len(cols), text box colW-5
//   first of (9.5,14),(8.5,12),(7.5,10),(6.5,9) with table <= ROOM0-head*15; height = 3.5*MM+head*15+table
// giving A (1, 9.5, 70.04), B (2, 8.5, 122.54), C (2, 7.5, 122.54).
const FIELDS = ['姓名：张三', '班级：高一(1)班', '座号：1', '考号：20250101'];
const LONG = ['语文', '数学', '英语（含听力）', '思想政治', '历史', '地理', '物理（选考）', '化学（选考）', '生物学（选考）', '信息技术', '通用技术', '体育与健康'];
const LONG_HEAD = '示范实验中学高中部（东校区） · 2025—2026学年第一学期高一年级第二次阶段性教学质量检测暨六校联合考试';
const cols = (names: string[]) => [...names, '总分'].map((subject) => ({ subject, isTotal: subject === '总分' }));

describe('planStrip', () => {
  it('keeps a 6-subject strip on one head line in the full type', () => {
    const p = planStrip('示范实验中学 · 2025—2026学年第一学期高一期中考试', FIELDS, cols(['语文', '数学', '英语', '物理', '化学', '生物']), 1);
    expect(p).toMatchObject({ headLines: 1, font: 9.5 });
    expect(p.height).toBeCloseTo(70.04, 1);
  });

  it('breaks a long exam name onto its own line and shrinks the type for 12 long subject names', () => {
    const p = planStrip(LONG_HEAD, FIELDS, cols(LONG), 3);
    expect(p).toMatchObject({ headLines: 2, font: 8.5 });
    expect(p.height).toBeCloseTo(122.54, 1);
    const longer = planStrip(LONG_HEAD, FIELDS, cols(LONG.map((s, k) => (k % 2 ? `${s}（学业水平合格性考试）` : s))), 3);
    expect(longer).toMatchObject({ headLines: 2, font: 7.5 });
    expect(longer.height).toBeCloseTo(122.54, 1);
  });
});
