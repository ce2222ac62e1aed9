import { absentList, unitRanks, type PreparedExam } from './prepare.js';

export interface TranscriptColumn {
  code: string;
  name: string;
  fullScore: number;
  isTotal: boolean;
}

export interface TranscriptRow {
  studentId: string;
  admissionNo: string;
  name: string;
  classId: string;
  className: string;
  schoolName?: string;
  registrationType?: string;
  /** Per column (subjects then total): score, null when absent. */
  scores: (number | null)[];
  /** Competition rank in the class, null when absent. */
  classRanks: (number | null)[];
  /** Competition rank in the school (joint exams only). */
  schoolRanks?: (number | null)[];
  /** Competition rank over everybody analysed (the grade; the joint exam when schools are joined). */
  gradeRanks: (number | null)[];
}

export interface TranscriptReport {
  columns: TranscriptColumn[];
  /** Sitting students by total rank (ties by admission number), then those absent from the total. */
  rows: TranscriptRow[];
  absentStudents: ReturnType<typeof absentList>;
}

/** 成绩单: every student's scores and class / (school) / grade competition ranks per subject and total. */
export function buildTranscript(exam: PreparedExam): TranscriptReport {
  const cols = exam.columns;
  const classRanks = cols.map((c) => unitRanks(exam, c, 'class'));
  const joint = exam.dimensions.has('school');
  const schoolRanks = joint ? cols.map((c) => unitRanks(exam, c, 'school')) : null;
  const seen = new Uint8Array(exam.students.length);
  const sequence: number[] = Array.from(exam.total.order);
  for (const i of exam.total.order) seen[i] = 1;
  const rest: number[] = [];
  for (let i = 0; i < exam.students.length; i++) if (!seen[i]) rest.push(i);
  rest.sort((a, b) => exam.admissionRank[a] - exam.admissionRank[b]);
  const rows: TranscriptRow[] = sequence.concat(rest).map((i) => {
    const s = exam.students[i];
    const scores: (number | null)[] = [];
    const cr: (number | null)[] = [];
    const gr: (number | null)[] = [];
    const sr: (number | null)[] | undefined = schoolRanks ? [] : undefined;
    for (let c = 0; c < cols.length; c++) {
      const v = cols[c].score[i];
      const ok = v === v;
      scores.push(ok ? v : null);
      cr.push(ok ? classRanks[c][i] || null : null);
      gr.push(ok ? cols[c].rank[i] : null);
      if (sr && schoolRanks) sr.push(ok ? schoolRanks[c][i] || null : null);
    }
    const row: TranscriptRow = { studentId: s.id, admissionNo: s.admissionNo, name: s.name, classId: s.classId, className: s.className, scores, classRanks: cr, gradeRanks: gr };
    if (s.schoolName !== undefined) row.schoolName = s.schoolName;
    if (s.registrationType !== undefined) row.registrationType = s.registrationType;
    if (sr) row.schoolRanks = sr;
    return row;
  });
  return { columns: cols.map((c) => ({ code: c.code, name: c.name, fullScore: c.fullScore, isTotal: c.isTotal })), rows, absentStudents: absentList(exam) };
}
