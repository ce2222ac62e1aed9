import type { StudentInfo } from '@jz/shared/api/auth';
import type { AppContext } from '../../core/context.js';
import type { AuthUser } from '../../core/auth.js';
import * as repo from './student-portal.repository.js';

/** The student record linked to the student account (student.user_id). */
export async function studentInfo(ctx: AppContext, user: AuthUser & { schoolId: number }): Promise<StudentInfo> {
  const u = await repo.accountOf(ctx.db, user.id);
  const st = await repo.studentOf(ctx.db, user.id, user.schoolId);
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
