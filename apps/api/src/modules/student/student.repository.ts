/** SQL of the student roster (writes of the students' accounts and roles: users/accounts.repository). */
import { sql } from 'kysely';
import type { StudentPageQuery } from '@jz/shared/api/student';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

/** A LIKE pattern matching `text` anywhere, with % _ \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of a school's students (visible: the classes the caller sees, or 'all'), with total. */
export async function pageStudents(db: Db, schoolId: number, visible: number[] | 'all', q: StudentPageQuery) {
  const base = db.selectFrom('student as s')
    .leftJoin('school_class as c', 'c.id', 's.class_id')
    .leftJoin('school_grade as g', 'g.id', 'c.grade_id')
    .where('s.school_id', '=', schoolId)
    .$if(visible !== 'all', (w) => w.where('s.class_id', 'in', visible as number[]))
    .$if(!!q.keyword, (w) => w.where((eb) => eb.or([
      eb('s.name', 'ilike', containsPattern(q.keyword!)),
      eb('s.admission_no', 'ilike', containsPattern(q.keyword!)),
    ])))
    .$if(!!q.gradeId, (w) => w.where('c.grade_id', '=', q.gradeId!))
    .$if(!!q.classId, (w) => w.where('s.class_id', '=', q.classId!))
    .$if(!!q.registrationType, (w) => w.where('s.registration_type', '=', q.registrationType!));
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.name', 's.admission_no', 's.gender', 's.registration_type', 's.class_id', 'c.name as className', 'c.grade_id', 'g.name as gradeName', 'u.login_id'])
    .orderBy('g.sort').orderBy('c.sort').orderBy('s.admission_no').orderBy('s.id')
    .limit(q.size).offset((q.current - 1) * q.size).execute();
  return { rows, total };
}

export function studentsByIds(tx: Q, schoolId: number, ids: number[]) {
  return tx.selectFrom('student').select(['id', 'class_id', 'user_id', 'name']).where('school_id', '=', schoolId).where('id', 'in', ids).execute();
}

/** Another student of the school with this admission number (exceptId: the student being edited). */
export function admissionNoTaken(tx: Q, schoolId: number, admissionNo: string, exceptId?: number) {
  return tx.selectFrom('student').select('id').where('school_id', '=', schoolId).where('admission_no', '=', admissionNo)
    .$if(!!exceptId, (q) => q.where('id', '!=', exceptId!)).executeTakeFirst();
}

export interface StudentValues { class_id: number; name: string; admission_no: string; gender: string; registration_type: string }

export async function insertStudent(tx: Q, schoolId: number, values: StudentValues): Promise<number> {
  return (await tx.insertInto('student').values({ ...values, school_id: schoolId }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateStudent(tx: Q, id: number, values: StudentValues): Promise<void> {
  await tx.updateTable('student').set(values).where('id', '=', id).execute();
}

export async function deleteStudents(tx: Q, ids: number[]): Promise<void> {
  await tx.deleteFrom('student').where('id', 'in', ids).execute();
}

/** Students leave their class (they stay in the school). */
export async function clearClass(tx: Q, ids: number[]): Promise<void> {
  await tx.updateTable('student').set({ class_id: null }).where('id', 'in', ids).execute();
}
