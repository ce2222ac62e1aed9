import type { LevelBand } from './stats/levelAssign.js';
import { encodeChoice } from './stats/optionDistribution.js';
import type { RateLevel } from './stats/rateShares.js';

export type QuestionType = 'single' | 'multiple' | 'judge' | 'fill' | 'subjective';

/** Objective question types: scored from marks, with an option distribution. */
export const OBJECTIVE_TYPES: readonly QuestionType[] = ['single', 'multiple', 'judge'];

export interface QuestionInput {
  no: string;
  type: QuestionType;
  fullScore: number;
  /** Answer key of an objective question as letters ('A', 'ACD'; true/false as 'A' = 对, 'B' = 错). */
  answer?: string;
  /** Knowledge points the question tests (知识点); passed through to the paper report. */
  knowledgePoints?: string[];
}

export interface SubjectInput {
  code: string;
  name: string;
  /** Defaults to the sum of the questions' full scores. */
  fullScore?: number;
  questions: QuestionInput[];
}

export interface StudentInput {
  id: string;
  admissionNo: string;
  name: string;
  classId: string;
  className: string;
  /** Joint exams: the student's school. */
  schoolId?: string;
  schoolName?: string;
  /** 学籍类型 */
  registrationType?: string;
  /** Codes of the subjects the student was absent from (缺考). */
  absent?: readonly string[];
}

/**
 * Scores of one subject, row-major by student (the order of `students`) then question (the order of
 * `questions`): points[i·Q + j]. A present student's unanswered question is 0; ±Infinity counts 0. NaN = no
 * score: a 选做 question the student did not choose — 0 in the subject score, left out of that question's figures.
 */
export interface SubjectScores {
  points: ArrayLike<number>;
  /** Marked options as bit masks (see encodeChoice), same layout; read only for objective questions. */
  choices?: ArrayLike<number>;
  /** Subject score per student when the subject has no question breakdown (questions = []). */
  subjectTotals?: ArrayLike<number>;
  /**
   * Row of each student in points / choices / subjectTotals (default: the student's own index): a subset of a
   * larger exam's students reads the larger exam's matrices in place instead of copying them.
   */
  rows?: ArrayLike<number>;
}

export interface OnlineLineSetting {
  name: string;
  /** The line as a total score… */
  score?: number;
  /** …or as a target share of sitting students (line = score of the student at place ⌈p·N⌉). */
  share?: number;
}

export interface StudentRules {
  topNumber: number;
  bottomNumber: number;
  upNumber: number;
  lowNumber: number;
}

/** A subject's own settings (any left out = the exam-wide value). */
export interface SubjectSettings {
  rates?: RateLevel[];
  criticalBuffer?: number;
  /** Score-segment width. */
  scoreSegment?: number;
}

export interface AnalysisSettings {
  /** Rate levels (default 四率: 优秀 80 %, 良好 70 %, 及格 60 %, 低分 < 30 %). */
  rates: RateLevel[];
  /** Score-segment width of a subject (default 10) and of the total (default 50); per-subject overrides. */
  segmentWidth: number;
  totalSegmentWidth: number;
  segmentWidths: Record<string, number>;
  /** Rank-segment cutoffs (default 10, 20, 50, 100, 200, 500). */
  rankCutoffs: number[];
  /** Number of G-groups (default 10). */
  groupCount: number;
  /** Online lines (default none: the school sets its lines). */
  lines: OnlineLineSetting[];
  /** Critical-student buffer in points (default 10). */
  criticalBuffer: number;
  studentRules: StudentRules;
  /** 等级赋分 bands (default 3+1+2: A15 B35 C35 D13 E2). */
  levelBands: LevelBand[];
  /**
   * Subjects whose score is replaced by its 等级赋分 (levelAssign over the students analysed; full score = the
   * top band's high) — the 成绩类型 等级赋分 view; default none. Question-level figures stay raw.
   */
  levelAssigned?: string[];
  /** Subjects making the total (default all). */
  totalSubjects: string[] | null;
  /** Per-subject overrides by subject code (course-level settings); the total keeps the exam-wide values. */
  bySubject?: Record<string, SubjectSettings>;
  /** Code and name of the total column. */
  totalCode: string;
  totalName: string;
}

export interface AnalysisInput {
  students: readonly StudentInput[];
  subjects: readonly SubjectInput[];
  scores: Readonly<Record<string, SubjectScores>>;
  settings?: Partial<AnalysisSettings>;
}

/** One score row in the friendly form: a student's points (and marks) in one subject. */
export interface ScoreRow {
  studentId: string;
  subjectCode: string;
  /** Points per question, in the subject's question order. */
  points: readonly (number | null | undefined)[];
  /** Marked options per question as letters ('A', 'AC', '' or null for blank). */
  choices?: readonly (string | null | undefined)[];
}

/**
 * Builds the row-major score matrices of `AnalysisInput.scores` from friendly rows. Missing rows and
 * missing points are 0 (absence is told by `StudentInput.absent`, not by missing scores). Rows of unknown
 * students or subjects are ignored. Cost O(rows × questions).
 */
export function scoresFromRows(students: readonly StudentInput[], subjects: readonly SubjectInput[], rows: readonly ScoreRow[]): Record<string, SubjectScores> {
  const studentIndex = new Map(students.map((s, i) => [s.id, i]));
  const out: Record<string, SubjectScores> = {};
  const byCode = new Map<string, { q: number; points: Float64Array; choices: Uint32Array }>();
  for (const sub of subjects) {
    const q = sub.questions.length;
    const m = { q, points: new Float64Array(students.length * q), choices: new Uint32Array(students.length * q) };
    byCode.set(sub.code, m);
    out[sub.code] = { points: m.points, choices: m.choices };
  }
  for (const row of rows) {
    const i = studentIndex.get(row.studentId);
    const m = byCode.get(row.subjectCode);
    if (i === undefined || !m) continue;
    for (let j = 0; j < m.q; j++) {
      const p = row.points[j];
      m.points[i * m.q + j] = typeof p === 'number' && Number.isFinite(p) ? p : 0;
      if (row.choices) m.choices[i * m.q + j] = encodeChoice(row.choices[j] ?? '');
    }
  }
  return out;
}
