/** SQL of the joint exam reports: the exam's joint header, each candidate's and class's school. */
import type { Db, Tx } from '../../db/database.js';

/** The exam as a joint report starts from it (undefined when it is not a joint exam). */
export function jointHeader(db: Db | Tx, examId: number) {
  return db.selectFrom('exam').select(['id', 'school_id as schoolId', 'anonymise_schools as anonymise'])
    .where('id', '=', examId).where('mode', '=', 'joint').executeTakeFirst();
}

/** Every candidate's school (exam_student.school_id, on its own index). */
export function candidateSchools(db: Db | Tx, examId: number) {
  return db.selectFrom('exam_student').select(['id', 'school_id as schoolId']).where('exam_id', '=', examId).execute();
}

/** The school and grade of some classes. */
export async function classSchools(db: Db, classIds: number[]) {
  if (!classIds.length) return [];
  return db.selectFrom('school_class').select(['id', 'school_id as schoolId', 'grade_id as gradeId']).where('id', 'in', classIds).execute();
}
