import type { StudentInfo } from '@jz/shared/api/auth';
import type { AppContext } from '../../core/context.js';
import type { AuthUser } from '../../core/auth.js';

/** The student record linked to the student account (student.user_id). */
export async function studentInfo(ctx: AppContext, user: AuthUser & { schoolId: number }): Promise<StudentInfo> {
  const u = await ctx.db.selectFrom('app_user as u').innerJoin('school as sc', 'sc.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.user_name', 'u.gender', 'sc.id as school_id', 'sc.name as school_name'])
    .where('u.id', '=', user.id).executeTakeFirstOrThrow();
  const st = await ctx.db.selectFrom('student as s')
    .leftJoin('school_class as c', 'c.id', 's.class_id').leftJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['s.id', 's.name', 's.admission_no', 's.gender', 's.registration_type', 'c.id as class_id', 'c.name as class_name', 'g.id as grade_id', 'g.name as grade_name'])
    .where('s.user_id', '=', user.id).where('s.school_id', '=', user.schoolId).orderBy('s.id').limit(1).executeTakeFirst();
  return {
    userId: u.id,
    username: u.login_id,
    studentId: st?.id ?? null,
    name: st?.name ?? u.user_name,
    admissionNo: st?.admission_no ?? null,
    gender: st?.gender || u.gender || null,
    registrationType: st?.registration_type ?? null,
    gradeId: st?.grade_id ?? null,
    gradeName: st?.grade_name ?? null,
    classId: st?.class_id ?? null,
    className: st?.class_name ?? null,
    schoolId: u.school_id,
    schoolName: u.school_name,
  };
}
