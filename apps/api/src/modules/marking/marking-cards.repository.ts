/** SQL of 我的答题卡 (myAnwserCard): exam subjects of the school with whether a card was saved. */
import type { Db } from '../../db/database.js';

export interface SubjectCardRow {
  examId: number; examName: string; gradeId: number; startDate: unknown; examSubjectId: number; subjectName: string; courseCode: string;
  cardUpdatedAt: Date | null;
}

/** The school's exam subjects of its newest `limit` exams, newest first, with the saved card's time (null: default card). */
export async function subjectsWithCards(db: Db, schoolId: number, limit: number): Promise<SubjectCardRow[]> {
  const exams = db.selectFrom('exam').select('id').where('school_id', '=', schoolId).orderBy('id', 'desc').limit(limit);
  return db.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id')
    .leftJoin('answer_card as c', (j) => j.onRef('c.exam_subject_id', '=', 's.id').on('c.school_id', '=', schoolId))
    .select(['e.id as examId', 'e.name as examName', 'e.grade_id as gradeId', 'e.start_date as startDate', 's.id as examSubjectId', 's.course_name as subjectName',
      's.course_code as courseCode', 'c.updated_at as cardUpdatedAt'])
    .where('e.school_id', '=', schoolId).where('e.id', 'in', exams)
    .orderBy('e.id', 'desc').orderBy('s.sort').orderBy('s.id').execute();
}
