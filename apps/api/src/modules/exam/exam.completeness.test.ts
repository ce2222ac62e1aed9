import { describe, expect, it } from 'vitest';
import { scoreCells } from './exam.completeness.js';

// Counted by hand: subject 1 has 3 questions; subject 2 has 4, two of them a 选做 group of which a student answers 1
// (need 3); subject 3 has no questions yet (need 0).
describe('score cells of an exam', () => {
  const q = (sid: number, group: string | null = null, pick: number | null = null) => ({ examSubjectId: sid, electiveGroup: group, electivePick: pick });
  const questions = [q(1), q(1), q(1), q(2), q(2), q(2, 'A', 1), q(2, 'A', 1)];
  const students = [{ id: 10, name: '甲' }, { id: 11, name: '乙' }, { id: 12, name: '丙' }, { id: 13, name: '丁' }];
  it('counts students by state and the scores stored against those needed, 缺考 needing none', () => {
    const stored = [{ sid: 1, esid: 10, n: 3 }, { sid: 1, esid: 11, n: 1 }, { sid: 2, esid: 10, n: 3 }, { sid: 2, esid: 11, n: 4 }];
    const absences = [{ sid: 1, esid: 13 }];
    const r = scoreCells([{ id: 1 }, { id: 2 }, { id: 3 }], questions, students, stored, absences);
    // subject 1: 甲 3/3 complete, 乙 1/3 partial, 丙 none, 丁 缺考 → needed 3 × 3 = 9, done 3 + 1 = 4
    expect(r.get(1)).toMatchObject({ need: 3, complete: 1, partial: 1, missing: 1, absent: 1, partialNames: ['乙'], missingNames: ['丙'], cellsNeeded: 9, cellsDone: 4 });
    // subject 2: need 2 + 1 = 3; 乙's 4 stored count as 3 (capped); 丙 丁 none → needed 4 × 3 = 12, done 3 + 3 = 6
    expect(r.get(2)).toMatchObject({ need: 3, complete: 2, partial: 0, missing: 2, absent: 0, cellsNeeded: 12, cellsDone: 6 });
    // subject 3: nothing needed yet
    expect(r.get(3)).toMatchObject({ need: 0, complete: 4, cellsNeeded: 0, cellsDone: 0 });
  });
});
