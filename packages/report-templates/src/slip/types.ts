// Input of the student score slip (成绩条 / 成绩单): one A4 page per student, 595×842 px design size.

/** What a slip may show; ranks and means are hidden unless allowed (a school's release settings decide). */
export interface ScoreSlipOptions {
  /** Show 班级排名 (default false). */
  showClassRank?: boolean;
  /** Show 年级排名 (default false). */
  showGradeRank?: boolean;
  /**
   * A joint exam (联考): gradeRank is then the rank inside the student's school (校内排名), jointRank the rank over
   * the whole joint population (联考排名, printed beside it when showGradeRank), gradeMean the joint mean (联考均分).
   */
  joint?: boolean;
  /** Show 班级均分 / 年级均分 (default true). */
  showMeans?: boolean;
  /** Show the per-question score table of each subject (default true). */
  showQuestionScores?: boolean;
}

export interface SlipQuestionScore {
  /** Question number as printed, e.g. "1", "17(2)". */
  no: string;
  /** null = not answered / not marked. */
  score: number | null;
  fullScore: number;
}

export interface SlipSubjectScore {
  subject: string;
  /** null = 缺考 (absent). */
  score: number | null;
  fullScore: number;
  classRank?: number | null;
  gradeRank?: number | null;
  /** Joint exams: rank over the whole joint population (ties share the smallest rank, 1224). */
  jointRank?: number | null;
  classMean?: number | null;
  gradeMean?: number | null;
  questions?: SlipQuestionScore[];
}

export interface SlipStudent {
  name: string;
  className: string;
  /** Optional numeric class order; otherwise classes sort by name (Chinese collation, numbers numerically). */
  classOrder?: number;
  seatNo: number;
  admissionNo: string;
  /** The total row (总分); omitted → not shown. */
  total?: Omit<SlipSubjectScore, 'subject' | 'questions'>;
  subjects: SlipSubjectScore[];
  /** A short generated comment (评语), already written by the caller. */
  comment?: string;
}

export type SlipLayout = 'page' | 'strips';

export interface ScoreSlipData {
  schoolName: string;
  examName: string;
  /** e.g. "2025-11-12"; printed under the title. */
  examDate?: string;
  options?: ScoreSlipOptions;
  /**
   * 'page' (default): one 595×842 slip per A4 page. 'strips': the 成绩条 schools cut apart — STRIPS_PER_PAGE
   * students per A4 page, one strip each (name, class, 考号, each subject's score and the allowed ranks, total),
   * dashed cut lines between strips; every class starts on a new page.
   */
  layout?: SlipLayout;
  students: SlipStudent[];
}
