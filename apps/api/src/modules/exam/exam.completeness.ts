/**
 * How complete an exam's scores are (docs/DOMAIN-RULES.md §6, 成绩完整度), one reading for the exam card's step and
 * progress and for the release's first step: per subject and student, the scores it needs — one per question, a
 * 选做 group counting K of its N, one total for a subject scored by totals — and how many are stored. A student
 * 缺考 in a subject needs none there. Pure: rows in, counts out.
 */
export interface SubjectCells {
  examSubjectId: number;
  /** Scores a present student needs (0: the subject has no questions yet). */
  need: number;
  /** Students by state: every score in, some, none, 缺考. */
  complete: number; partial: number; missing: number; absent: number;
  /** Names of the students with some / no scores, in the order given. */
  partialNames: string[]; missingNames: string[];
  /** Scores needed and stored over the present students (each student's stored count capped at need). */
  cellsNeeded: number; cellsDone: number;
}

export function scoreCells(
  subjects: readonly { id: number }[],
  questions: readonly { examSubjectId: number; electiveGroup: string | null; electivePick: number | null }[],
  students: readonly { id: number; name: string }[],
  stored: readonly { sid: number; esid: number; n: number }[],
  absences: readonly { sid: number; esid: number }[],
): Map<number, SubjectCells> {
  const need = new Map<number, number>();
  const groups = new Map<string, { sid: number; pick: number }>();
  for (const x of questions) {
    if (!x.electiveGroup) need.set(x.examSubjectId, (need.get(x.examSubjectId) ?? 0) + 1);
    else groups.set(`${x.examSubjectId}:${x.electiveGroup}`, { sid: x.examSubjectId, pick: x.electivePick ?? 1 });
  }
  // a 选做 group of N asks K scores of a student
  for (const g of groups.values()) need.set(g.sid, (need.get(g.sid) ?? 0) + g.pick);
  const have = new Map(stored.map((r) => [`${r.sid}:${r.esid}`, Number(r.n)]));
  const absent = new Set(absences.map((a) => `${a.sid}:${a.esid}`));
  const out = new Map<number, SubjectCells>();
  for (const s of subjects) {
    const n = need.get(s.id) ?? 0;
    const c: SubjectCells = { examSubjectId: s.id, need: n, complete: 0, partial: 0, missing: 0, absent: 0, partialNames: [], missingNames: [], cellsNeeded: 0, cellsDone: 0 };
    for (const st of students) {
      const key = `${s.id}:${st.id}`;
      if (absent.has(key)) { c.absent++; continue; }
      const got = Math.min(n, have.get(key) ?? 0);
      c.cellsNeeded += n;
      c.cellsDone += got;
      if (got >= n) c.complete++;
      else if (got === 0) { c.missing++; c.missingNames.push(st.name); }
      else { c.partial++; c.partialNames.push(st.name); }
    }
    out.set(s.id, c);
  }
  return out;
}
