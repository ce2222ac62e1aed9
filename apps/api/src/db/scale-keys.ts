/**
 * The large tables and how each reaches its exam, for distributing the database by exam_id (docs/SCALE.md).
 * tests/api/scale-keys.test.ts holds the schema to this list, so a new large table or a changed key shows there.
 * - 'key': exam_id is part of the primary key (ready to be a distributed table's distribution column).
 * - 'column': an exam_id column, but a serial primary key without it; distributing widens the key to (exam_id, id).
 * - 'via': no exam_id column; `via` is the foreign key that leads to a table holding exam_id. Distributing adds
 *   exam_id (backfilled along `via`) and puts it in the key.
 */
export type ScaleKeyKind = 'key' | 'column' | 'via';
export interface LargeTable {
  table: string; kind: ScaleKeyKind;
  /**
   * For 'via': the column and the table it references (which holds exam_id); foreignKey false = a reference the
   * schema does not declare (question_score has no foreign keys, for bulk speed: migration 0006).
   */
  via?: { column: string; references: string; foreignKey?: false };
  /** Why the table is not yet keyed by exam_id (for 'column' and 'via'). */
  reason?: string;
}

const serialId = 'its serial id is referenced by other tables and by the API; the key widens to (exam_id, id) when distributed';

export const LARGE_TABLES: LargeTable[] = [
  { table: 'exam_school', kind: 'key' },
  { table: 'student_score', kind: 'key' },
  { table: 'exam_report', kind: 'key' },
  { table: 'exam_report_part', kind: 'key' },
  { table: 'marking_change', kind: 'key' },
  { table: 'marking_school_share', kind: 'key' },
  { table: 'exam_student', kind: 'column', reason: serialId },
  { table: 'scan_batch', kind: 'column', reason: serialId },
  { table: 'score_correction', kind: 'column', reason: serialId },
  { table: 'question_score', kind: 'via', via: { column: 'exam_student_id', references: 'exam_student', foreignKey: false },
    reason: 'the score cells: keyed (question_id, exam_student_id); adding exam_id to 10⁸ rows is a rewrite, done when distributing' },
  { table: 'subject_absence', kind: 'via', via: { column: 'exam_student_id', references: 'exam_student' }, reason: 'keyed by its subject and candidate' },
  { table: 'scan_student', kind: 'via', via: { column: 'exam_student_id', references: 'exam_student' }, reason: 'keyed by its subject and candidate' },
  { table: 'scan_page', kind: 'via', via: { column: 'batch_id', references: 'scan_batch' }, reason: 'written by the scan worker per batch; the batch holds exam_id' },
  { table: 'marking_paper', kind: 'via', via: { column: 'block_id', references: 'marking_block' }, reason: 'the block holds exam_id; the marking hot path reads by block' },
  { table: 'marking_task', kind: 'via', via: { column: 'block_id', references: 'marking_block' }, reason: 'the lease pool: read by block, its id is the API\'s taskId' },
  { table: 'marking_check', kind: 'via', via: { column: 'block_id', references: 'marking_block' }, reason: 'shares the task id sequence; read by block' },
  { table: 'marking_problem', kind: 'via', via: { column: 'block_id', references: 'marking_block' }, reason: 'read by block' },
  { table: 'marking_trial_paper', kind: 'via', via: { column: 'block_id', references: 'marking_block' }, reason: 'keyed (block_id, paper_id)' },
  { table: 'marking_audit', kind: 'via', via: { column: 'exam_subject_id', references: 'exam_subject' }, reason: 'append-only audit; the subject holds exam_id' },
];

/** Small tables every node needs (Citus reference tables): the tenants, people and dictionaries. */
export const REFERENCE_TABLES = ['school', 'app_user', 'grade_dict', 'course_dict', 'school_grade', 'school_class', 'student', 'teacher', 'sys_role', 'user_role', 'role_permission'];
