import type { Db } from '../../apps/api/src/db/database.js';

/**
 * A student account for an existing student record (as the seed makes student1): the app_user, the student's
 * user_id and the student role. `passwordHash` defaults to one nobody can sign in with (tests use tokens); pass a
 * copied hash to sign in through the page.
 */
export async function addStudentAccount(db: Db, studentId: number, loginId: string, passwordHash = 'x'): Promise<void> {
  const st = await db.selectFrom('student as s').innerJoin('school_class as c', 'c.id', 's.class_id')
    .select(['s.school_id', 's.name', 's.class_id', 'c.grade_id']).where('s.id', '=', studentId).executeTakeFirstOrThrow();
  const u = await db.insertInto('app_user').values({ school_id: st.school_id, login_id: loginId, user_name: st.name, password_hash: passwordHash, user_type: 'student' })
    .returning('id').executeTakeFirstOrThrow();
  await db.updateTable('student').set({ user_id: u.id }).where('id', '=', studentId).execute();
  await db.insertInto('user_role').values({ school_id: st.school_id, user_id: u.id, role_code: 'student', grade_id: st.grade_id, class_id: st.class_id }).execute();
}
