/** Roles of a school's users (docs/DOMAIN-RULES.md §1) and the permission codes `module:resource:action` bound to them. */
export const ROLE_CODES = ['school_admin', 'grade_leader', 'lesson_leader', 'head_teacher', 'subject_teacher', 'student'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const ROLE_NAMES: Record<RoleCode, string> = {
  school_admin: '学校管理员',
  grade_leader: '年级主任',
  lesson_leader: '备课组长',
  head_teacher: '班主任',
  subject_teacher: '任课老师',
  student: '学生',
};

/** Teacher roles whose business permissions a school administrator may edit (spec: save_business_permission). */
export const TEACHER_ROLE_CODES: RoleCode[] = ['grade_leader', 'lesson_leader', 'head_teacher', 'subject_teacher'];

export interface PermissionDef { code: string; name: string; group: string }

export const PERMISSIONS: PermissionDef[] = [
  { code: 'school:grade:view', name: '查看年级与学科', group: '学校数据' },
  { code: 'school:grade:edit', name: '编辑年级与学科', group: '学校数据' },
  { code: 'school:year:view', name: '查看学年学期', group: '学校数据' },
  { code: 'school:year:edit', name: '编辑学年学期', group: '学校数据' },
  { code: 'school:class:view', name: '查看班级', group: '学校数据' },
  { code: 'school:class:edit', name: '编辑班级', group: '学校数据' },
  { code: 'school:student:view', name: '查看学生', group: '学校数据' },
  { code: 'school:student:edit', name: '编辑学生', group: '学校数据' },
  { code: 'school:student:import', name: '导入学生', group: '学校数据' },
  { code: 'school:student:export', name: '导出学生', group: '学校数据' },
  { code: 'school:teacher:view', name: '查看教师', group: '学校数据' },
  { code: 'school:teacher:edit', name: '编辑教师', group: '学校数据' },
  { code: 'school:teacher:import', name: '导入教师', group: '学校数据' },
  { code: 'school:teacher:export', name: '导出教师', group: '学校数据' },
  { code: 'school:duty:view', name: '查看任课关系', group: '学校数据' },
  { code: 'school:duty:edit', name: '编辑任课关系', group: '学校数据' },
  { code: 'school:permission:view', name: '查看角色权限', group: '系统管理' },
  { code: 'school:permission:edit', name: '编辑角色权限', group: '系统管理' },
  { code: 'system:user:view', name: '查看用户', group: '系统管理' },
  { code: 'system:user:edit', name: '管理用户（启用、禁用、重置密码）', group: '系统管理' },
  { code: 'exam:exam:view', name: '查看考试', group: '考试阅卷' },
  { code: 'exam:exam:edit', name: '管理考试', group: '考试阅卷' },
  { code: 'exam:marking:do', name: '网上阅卷', group: '考试阅卷' },
  { code: 'exam:scan:do', name: '扫描答题卡（所管年级、学科的考试科目）', group: '考试阅卷' },
  { code: 'report:report:view', name: '查看分析报告', group: '分析报告' },
  { code: 'report:report:export', name: '导出分析报告', group: '分析报告' },
];

export const ALL_PERMISSION_CODES = PERMISSIONS.map((p) => p.code);

const teacherBase = ['school:grade:view', 'school:year:view', 'school:class:view', 'school:student:view', 'exam:exam:view', 'exam:marking:do', 'report:report:view', 'report:report:export'];

/** Defaults written for every new school; the school administrator may change the teacher roles' sets. */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleCode, string[]> = {
  school_admin: ALL_PERMISSION_CODES,
  grade_leader: [...teacherBase, 'school:teacher:view', 'school:duty:view', 'exam:exam:edit', 'school:student:export', 'exam:scan:do'],
  lesson_leader: [...teacherBase, 'school:teacher:view', 'school:duty:view', 'exam:scan:do'],
  head_teacher: [...teacherBase, 'school:student:export'],
  subject_teacher: [...teacherBase],
  student: ['report:report:view'],
};

/**
 * 扫描员: a duty per exam subject (scan_operator), not a role. Whoever holds it may upload, see and fix that
 * subject's scanned sheets, whatever their role's permissions; the school administrator, the exam's grade leader
 * and the subject's lesson leader (备课组长) may too when their role has exam:scan:do.
 */
export const SCAN_OPERATOR_DUTY = '扫描员';

/**
 * Duties an account holds beyond its permission codes, worked out by the server for its menus (a menu shows what
 * the account may open; the server still refuses the rest): examSetup — may set up some exam subject (school
 * administrator or grade leader with exam:exam:edit, 备课组长 with exam:exam:view); markingMonitor — examSetup, or
 * 题组长 of a marking block; scan — exam:scan:do as administrator, grade or lesson leader, or 扫描员 of an exam subject.
 */
export const USER_DUTIES = ['examSetup', 'markingMonitor', 'scan'] as const;
export type UserDuty = (typeof USER_DUTIES)[number];

export interface MenuItem { name: string; path: string }

/** The header's four default items (docs/PRODUCT.md §2), used when the stored menu list is empty. */
export const DEFAULT_MENUS: MenuItem[] = [
  { name: '考试阅卷', path: '/examMarking' },
  { name: '分析报告', path: '/analysisReportList/list' },
  { name: '校本题库', path: '/knowTopic/list' },
  { name: '个人中心', path: '/userInfo' },
];

/** Platform administrator permissions (/adminApi/v1). */
export const PLATFORM_PERMISSION_CODES = ['admin:school:view', 'admin:school:edit', 'admin:dict:edit', 'admin:sys:edit'];
