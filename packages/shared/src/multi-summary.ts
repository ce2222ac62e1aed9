/**
 * 成绩汇总 of a 多科 exam (docs/DECISIONS.md「Multi-subject exam details」): each student's state in each subject —
 * excluded (does not take it), 缺考, entered (at least one stored question score; the subject score is their sum) or
 * missing — counted per class, per school and for the whole exam, and the student's 总分 over the subjects of the
 * 总分 that are entered (a 缺考 adds nothing). Pure: rows in, counts out.
 */
import type { CellState, SubjectCount, SummaryGroup, SummaryStudent } from './api/multi-exam.js';

export interface SummarySubject { id: number; courseCode: string; inTotal: boolean }
export interface SummaryInput {
  id: number; examNo: string; name: string; schoolId: number; schoolName: string; classId: number; className: string;
}

export function summarize(
  subjects: readonly SummarySubject[],
  students: readonly SummaryInput[],
  scores: readonly { esid: number; sid: number; score: number }[],
  absences: readonly { esid: number; sid: number }[],
  excluded: readonly { esid: number; sid: number }[],
): { students: SummaryStudent[]; classes: SummaryGroup[]; schoolRows: SummaryGroup[]; grade: SummaryGroup } {
  const key = (esid: number, sid: number) => `${esid}:${sid}`;
  const sum = new Map<string, number>();
  for (const s of scores) sum.set(key(s.esid, s.sid), (sum.get(key(s.esid, s.sid)) ?? 0) + Number(s.score));
  const absent = new Set(absences.map((a) => key(a.esid, a.sid)));
  const out = new Set(excluded.map((a) => key(a.esid, a.sid)));

  const rows: SummaryStudent[] = students.map((st) => {
    const states: CellState[] = [];
    const values: (number | null)[] = [];
    let total: number | null = null;
    let complete = true;
    subjects.forEach((sub) => {
      const k = key(st.id, sub.id);
      const state: CellState = out.has(k) ? 'excluded' : absent.has(k) ? 'absent' : sum.has(k) ? 'entered' : 'missing';
      states.push(state);
      const v = state === 'entered' ? round2(sum.get(k)!) : null;
      values.push(v);
      if (sub.inTotal && v !== null) total = round2((total ?? 0) + v);
      if (sub.inTotal && state === 'missing') complete = false;
    });
    return { examStudentId: st.id, examNo: st.examNo, name: st.name, schoolName: st.schoolName, className: st.className, scores: values, states, total, complete };
  });

  const group = (schoolId: number, schoolName: string, classId: number | null, className: string, members: number[]): SummaryGroup => ({
    schoolId, schoolName, classId, className, studentCount: members.length,
    subjects: subjects.map((sub, j) => {
      const c: SubjectCount = { courseCode: sub.courseCode, candidates: 0, entered: 0, absent: 0, missing: 0 };
      for (const i of members) {
        const s = rows[i]!.states[j]!;
        if (s === 'excluded') continue;
        c.candidates++;
        c[s]++;
      }
      return c;
    }),
  });
  const byClass = new Map<number, number[]>();
  const bySchool = new Map<number, number[]>();
  students.forEach((st, i) => {
    byClass.set(st.classId, [...(byClass.get(st.classId) ?? []), i]);
    bySchool.set(st.schoolId, [...(bySchool.get(st.schoolId) ?? []), i]);
  });
  const first = (i: number) => students[i]!;
  const classes = [...byClass.values()].map((m) => group(first(m[0]!).schoolId, first(m[0]!).schoolName, first(m[0]!).classId, first(m[0]!).className, m));
  const schoolRows = [...bySchool.values()].map((m) => group(first(m[0]!).schoolId, first(m[0]!).schoolName, null, first(m[0]!).schoolName, m));
  const grade = group(0, '', null, '全部', students.map((_, i) => i));
  return { students: rows, classes, schoolRows, grade };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
