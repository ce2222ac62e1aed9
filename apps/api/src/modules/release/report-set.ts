/**
 * The stored report set of a released exam (exam_report.data): the engine's reports for all students and,
 * per 学籍类型, the engine's reports over the students of that type only (the registrationType filter), with
 * what the report api needs to label, filter and cut them.
 */
import type { buildAllReports, buildSchoolContrast } from '@jz/analysis';

export type EngineReports = ReturnType<typeof buildAllReports>;

export interface StoredClass { id: number; name: string; classType: string; sort: number }
export interface StoredSubject { code: string; name: string; fullScore: number }

export interface ReportSet {
  format: 1;
  exam: { id: number; schoolId: number; name: string; gradeId: number; gradeName: string; examType: number; referenceName: string | null };
  settings: {
    rateLabel: string;
    criticalBuffer: number;
    studentRules: { topNumber: number; bottomNumber: number; upNumber: number; lowNumber: number };
    showStudentRank: boolean;
    totalName: string;
  };
  classes: StoredClass[];
  subjects: StoredSubject[];
  registrationTypes: string[];
  /** '0' = every student; otherwise one 学籍类型. */
  variants: Record<string, EngineReports>;
}

/**
 * Every candidate of the exam in the order of the all-students transcript, as columns (one array per field, not
 * 100,000 objects): what the report api looks a student up by, read instead of the transcript itself. Part
 * '0'/studentIndex of sets released since it exists.
 */
export interface StudentIndex {
  ids: string[];
  classIds: number[];
  /** Distinct class names; classNameOf[i] indexes it. */
  classNames: string[];
  classNameOf: number[];
  admissionNos: string[];
  names: string[];
  /** Distinct 学籍类型 ('' = none); registrationTypeOf[i] indexes it. */
  registrationTypes: string[];
  registrationTypeOf: number[];
  /** A joint exam's candidates: distinct school ids, schoolOf[i] indexes them. */
  schoolIds?: number[];
  schoolOf?: number[];
}

/** A variant's transcript without its rows: its columns and how many rows (students) in all and per class. */
export interface TranscriptHead {
  columns: EngineReports['transcript']['columns'];
  rowCount: number;
  classCounts: Record<string, number>;
}

/** 校际对比 of a joint exam's variant, per column, over every school with candidates (named and ranked on request). */
export type StoredSchoolContrast = ReturnType<typeof buildSchoolContrast>;

/**
 * A joint exam's 校内排名 of a variant: per candidate of the student index (its order), per transcript column, the
 * competition rank inside the candidate's school (0 = none), flat: ranks[i × columns + c].
 */
export interface StoredSchoolRanks { columns: number; ranks: number[] }

/** Each student's balance of a variant (学生分析's change, strong and weak subject) as columns: what 评语 reads. */
export interface StoredBalances { ids: string[]; change: (number | null)[]; strong: (string | null)[]; weak: (string | null)[] }

/** What release stores beside the engine's reports (absent from sets stored before them: read from the reports then). */
export interface ExtraReports {
  balances: StoredBalances;
  studentIndex: StudentIndex;
  transcriptHead: TranscriptHead;
  schoolContrast: StoredSchoolContrast;
  schoolRanks: StoredSchoolRanks;
}

/**
 * Reports stored one part per column (`<report>@<code>`, and `<report>@` listing the codes in order): a route
 * of one column reads a tenth of them (a joint exam's 临界生 lists are 70 MB a variant).
 */
export const COLUMN_SPLIT = ['rateCritical', 'classComparison'] as const;
export type ColumnSplit = (typeof COLUMN_SPLIT)[number];

/**
 * Reports stored in chunks of rows: the transcript's rows and 学生分析's student list (100,000 each in a city's joint
 * exam, 28 MB of JSON a variant). `<report>~` holds the report without that list (RowsHead), `<report>~<k>` rows
 * k × per … (k + 1) × per − 1, so a page of 成绩单 or of 学生进退步 reads the few chunks its rows are in.
 */
export const ROW_SPLIT = { transcript: 'rows', students: 'students' } as const;
export type RowSplit = keyof typeof ROW_SPLIT;
/** Rows a chunk holds: a page of 20 rows scattered over classes reads at most 20 chunks of ≈ 70 KB. */
export const ROWS_PER_CHUNK = 250;

/** The head of a report stored in chunks of rows. */
export interface RowsHead {
  /** The report without its row list. */
  rest: Record<string, unknown>;
  count: number;
  per: number;
  /** Each row's position in the student index (null: the same order, the all-students transcript's). */
  order: number[] | null;
}

/** A variant as stored: the engine's reports and the extra parts. */
export type StoredReports = EngineReports & Partial<ExtraReports>;
