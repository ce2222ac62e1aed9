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
  for (const i of exam.byAdmission) if (!seen[i]) rest.push(i);
  const C = cols.length;
  const rows: TranscriptRow[] = sequence.concat(rest).map((i) => {
    const s = exam.students[i];
    const scores = new Array<number | null>(C);
    const cr = new Array<number | null>(C);
    const gr = new Array<number | null>(C);
    const sr = schoolRanks ? new Array<number | null>(C) : undefined;
    for (let c = 0; c < C; c++) {
      const v = cols[c].score[i];
      if (v === v) {
        scores[c] = v;
        cr[c] = classRanks[c][i] || null;
        gr[c] = cols[c].rank[i];
        if (sr && schoolRanks) sr[c] = schoolRanks[c][i] || null;
      } else {
        scores[c] = cr[c] = gr[c] = null;
        if (sr) sr[c] = null;
      }
    }
    const row: TranscriptRow = { studentId: s.id, admissionNo: s.admissionNo, name: s.name, classId: s.classId, className: s.className, scores, classRanks: cr, gradeRanks: gr };
    if (s.schoolName !== undefined) row.schoolName = s.schoolName;
    if (s.registrationType !== undefined) row.registrationType = s.registrationType;
    if (sr) row.schoolRanks = sr;
    return row;
  });
  return { columns: cols.map((c) => ({ code: c.code, name: c.name, fullScore: c.fullScore, isTotal: c.isTotal })), rows, absentStudents: absentList(exam) };
}
