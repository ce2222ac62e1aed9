/** Roles that can see the whole grade: they open any class's 班主任 / 任课老师 report by choosing the class. */
export const WHOLE_GRADE_ROLES = ['school_admin', 'grade_leader'];

/**
 * Report page of each role: the role codes whose entries it shows (exam/analysis/list roleReports) and the
 * role codes that see it in the report menu.
 */
export const ROLE_PAGES: Record<string, { title: string; roles: string[]; menuRoles: string[] }> = {
  gradeGrouper: { title: '年级主任报告', roles: ['grade_leader', 'school_admin'], menuRoles: WHOLE_GRADE_ROLES },
  lessonGrouper: { title: '备课组长报告', roles: ['lesson_leader'], menuRoles: ['lesson_leader'] },
  classGrouper: { title: '班主任报告', roles: ['head_teacher'], menuRoles: ['head_teacher', ...WHOLE_GRADE_ROLES] },
  teacher: { title: '任课老师报告', roles: ['subject_teacher'], menuRoles: ['subject_teacher', ...WHOLE_GRADE_ROLES] },
};
