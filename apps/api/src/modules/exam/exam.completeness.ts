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

type Subjects = readonly { id: number }[];
type Questions = readonly { examSubjectId: number; electiveGroup: string | null; electivePick: number | null }[];
type Students = readonly { id: number; name: string }[];
type Stored = readonly { sid: number; esid: number; n: number }[];
type Absences = readonly { sid: number; esid: number }[];

export function scoreCells(subjects: Subjects, questions: Questions, students: Students, stored: Stored, absences: Absences): Map<number, SubjectCells> {
  return scoreCellsByGroup(subjects, questions, new Map([[0, students]]), stored, absences).get(0)!;
}

/**
 * scoreCells for several groups of students at once (a joint exam's schools): the stored counts and absences are
 * indexed once, so the work grows with the rows, not with groups × rows.
 */
export function scoreCellsByGroup<K>(subjects: Subjects, questions: Questions, groups: Map<K, Students>, stored: Stored, absences: Absences): Map<K, Map<number, SubjectCells>> {
  const need = new Map<number, number>();
  const electives = new Map<string, { sid: number; pick: number }>();
  for (const x of questions) {
    if (!x.electiveGroup) need.set(x.examSubjectId, (need.get(x.examSubjectId) ?? 0) + 1);
    else electives.set(`${x.examSubjectId}:${x.electiveGroup}`, { sid: x.examSubjectId, pick: x.electivePick ?? 1 });
  }
  // a 选做 group of N asks K scores of a student
  for (const g of electives.values()) need.set(g.sid, (need.get(g.sid) ?? 0) + g.pick);
  // per subject: exam student → scores stored, and the absent ones
  const have = new Map<number, Map<number, number>>(subjects.map((s) => [s.id, new Map()]));
  for (const r of stored) have.get(r.sid)?.set(r.esid, Number(r.n));
  const absent = new Map<number, Set<number>>(subjects.map((s) => [s.id, new Set()]));
  for (const a of absences) absent.get(a.sid)?.add(a.esid);
  const out = new Map<K, Map<number, SubjectCells>>();
  for (const [key, students] of groups) {
    const cells = new Map<number, SubjectCells>();
    for (const s of subjects) {
      const n = need.get(s.id) ?? 0;
      const got = have.get(s.id)!;
      const away = absent.get(s.id)!;
      const c: SubjectCells = { examSubjectId: s.id, need: n, complete: 0, partial: 0, missing: 0, absent: 0, partialNames: [], missingNames: [], cellsNeeded: 0, cellsDone: 0 };
      for (const st of students) {
        if (away.has(st.id)) { c.absent++; continue; }
        const k = Math.min(n, got.get(st.id) ?? 0);
        c.cellsNeeded += n;
        c.cellsDone += k;
        if (k >= n) c.complete++;
        else if (k === 0) { c.missing++; c.missingNames.push(st.name); }
        else { c.partial++; c.partialNames.push(st.name); }
      }
      cells.set(s.id, c);
    }
    out.set(key, cells);
  }
  return out;
}
