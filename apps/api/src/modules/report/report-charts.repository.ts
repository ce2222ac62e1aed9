/** SQL of the chart views: the grade's released exams (for the trend across exams). */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The school's released exams of a grade, oldest first (start date, then id). */
export function releasedExamsOfGrade(db: Db, schoolId: number, gradeId: number) {
  return db.selectFrom('exam as e').innerJoin('exam_report as r', 'r.exam_id', 'e.id')
    .select(['e.id', 'e.name', 'e.exam_type as examType', sql<string>`to_char(e.start_date, 'YYYY-MM-DD')`.as('startDate')])
    .where('e.school_id', '=', schoolId).where('e.grade_id', '=', gradeId)
    .orderBy('e.start_date').orderBy('e.id').execute();
}
