/**
 * Limits of every xlsx upload, per import kind (docs/DECISIONS.md "Upload limits"). The reader (xlsx-read.ts)
 * enforces them while it streams, so a zip bomb or a sheet of millions of rows is refused before memory grows.
 */
import { IMPORT_MAX_ROWS } from '@jz/shared/excel-templates';
import { BizError } from '../../core/http.js';

export interface ImportLimits {
  /** What the file is, for messages (学生名单…). */
  label: string;
  /** The uploaded (compressed) file. */
  fileBytes: number;
  /** Bytes actually inflated from the zip, over every part read (declared sizes are not trusted). */
  expandedBytes: number;
  sharedStrings: number;
  /** Characters of all shared strings together. */
  sharedStringChars: number;
  /** Non-empty rows of one sheet, the header row included. */
  rows: number;
  /** Highest column (1 = A). */
  columns: number;
  /** Non-empty cells of the whole file. */
  cells: number;
  /** Characters of one cell or one shared string. */
  cellChars: number;
  sheets: number;
}

const MB = 1024 * 1024;

const roster = (label: string, rows: number): ImportLimits => ({
  label, fileBytes: 10 * MB, expandedBytes: 200 * MB, sharedStrings: 500_000, sharedStringChars: 16_000_000,
  rows: rows + 1, columns: 100, cells: 2_000_000, cellChars: 1_000, sheets: 50,
});

/** A subject's question list: ≤ 500 questions plus the header, a few columns, one sheet read. */
const small = (label: string): ImportLimits => ({
  label, fileBytes: 2 * MB, expandedBytes: 20 * MB, sharedStrings: 50_000, sharedStringChars: 2_000_000,
  rows: 501, columns: 50, cells: 50_000, cellChars: 6_000, sheets: 20,
});

export const IMPORT_LIMITS = {
  student: roster('学生名单', IMPORT_MAX_ROWS),
  teacher: roster('教师名单', 5_000),
  tchCourse: roster('任课关系', 20_000),
  /** One sheet per subject; 3 fixed columns + questions + 缺考. */
  questionScore: {
    label: '小题成绩', fileBytes: 30 * MB, expandedBytes: 400 * MB, sharedStrings: 500_000, sharedStringChars: 16_000_000,
    rows: 20_001, columns: 400, cells: 5_000_000, cellChars: 1_000, sheets: 30,
  },
  totalScore: {
    label: '科目总分', fileBytes: 20 * MB, expandedBytes: 200 * MB, sharedStrings: 500_000, sharedStringChars: 16_000_000,
    rows: 20_001, columns: 100, cells: 2_000_000, cellChars: 1_000, sheets: 30,
  },
  /** One subject's questions: 标准答案 or 知识点 (at most 500 questions, a handful of columns). */
  standardAnswer: small('标准答案'),
  knowledgePoint: small('知识点'),
  /** A course's knowledge-point tree: at most 5,000 leaves. */
  knowledgeTree: { ...small('知识点树'), rows: 5_001, cells: 25_000 },
} satisfies Record<string, ImportLimits>;

/** A refused upload (400, Chinese message): limits, malformed zip or XML. */
export class ImportLimitError extends BizError {
  constructor(message: string) { super(message, 400); }
}

export const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
