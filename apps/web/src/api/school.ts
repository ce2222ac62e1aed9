import { http } from '@/utils/request';

/** 分页结果 */
export interface PageResult<T> { records: T[]; total: number; current: number; size: number }
export type Id = number | string;

export interface GradeCourse { id?: Id; courseCode: string; courseName: string }
export interface SchoolGrade { id: Id; name: string; gradeDictId?: Id | null; sort?: number; courses: GradeCourse[] }
export interface Semester { id?: Id; name: string; startDate: string; endDate: string; isCurrent: boolean }
export interface SchoolYear extends Semester { semesters: Semester[] }
export interface ClassNode { id: Id; name: string; fullName?: string; classType?: string; sort?: number; gradeId?: Id; studentCount?: number; headTeacherName?: string | null }
export interface GradeNode { id: Id; name: string; sort?: number; studentCount?: number; classes: ClassNode[] }
export interface Student {
  id: Id; name: string; admissionNo: string; gender: string; registrationType: string;
  classId?: Id | null; className?: string | null; gradeId?: Id | null; gradeName?: string | null; loginId?: string | null;
}
export interface TeacherDuty { roleCode: string; roleName: string; gradeId?: Id | null; gradeName?: string | null; classId?: Id | null; className?: string | null; courseCode?: string | null; courseName?: string | null }
export interface Teacher {
  id: Id; userId: Id; name: string; loginId: string; phone?: string; gender?: string; email?: string | null; status?: number;
  roles?: TeacherDuty[]; dutySummary?: string;
}

/* ---------- 年级学科 ---------- */
/** 查询本校年级及各年级学科 */
export const findSchoolGrades = () => http.get<SchoolGrade[]>('/pc_school_grade/find');
export interface GradeDict { grades: { id: number; name: string; stage: string }[]; courses: { code: string; name: string }[] }
/** 年级与学科字典 */
export const findGradeDict = () => http.get<GradeDict>('/pc_school_grade/find_grade_dict');
/** 查询某年级的学科 */
export const findGradeCourses = (gradeId: Id) => http.get<GradeCourse[]>('/pc_school_grade/find_course', { gradeId });
/** 新增年级（gradeDictId）和/或设置年级学科（courseCodes 为完整列表） */
export const saveGradeCourse = (body: { gradeId?: Id; gradeDictId?: Id; courseCodes?: string[] }) =>
  http.post('/pc_school_grade/save_grade_course', body);
/** 删除年级下的单个学科 */
export const deleteSingleCourse = (body: { gradeId: Id; courseCode: string }) => http.post('/pc_school_grade/delete_single_course', body);

/* ---------- 学年学期 ---------- */
/** 查询学年及其学期 */
export const findSchoolYears = () => http.get<SchoolYear[]>('/pc_school_year/find');
/** 新增或修改学年（含学期） */
export const saveSchoolYear = (body: Partial<SchoolYear>) => http.post('/pc_school_year/save_update', body);
/** 删除学年 */
export const deleteSchoolYear = (id: Id) => http.post('/pc_school_year/delete', { id });

/* ---------- 班级 ---------- */
/** 查询班级树（年级-班级-人数） */
export const findClassTree = () => http.get<GradeNode[]>('/pc_class/find_class_tree');
/** 批量新增班级 */
export const batchAddClass = (body: { gradeId: Id; count: number; classType?: string }) => http.post('/pc_class/batch_add', body);
/** 修改班级名称、类型 */
export const updateClass = (body: { id: Id; name: string; classType?: string }) => http.post('/pc_class/update_class', body);
/** 删除班级 */
export const deleteClass = (id: Id) => http.post('/pc_class/delete_class', { id });
/** 调整班级排序（sort 从 1 开始；给 gradeId 则移到该年级） */
export const moveClassSort = (body: { id: Id; sort: number; gradeId?: Id }) => http.post('/pc_class/move_class_sort', body);
/** 新增或修改学生 */
export const saveStudent = (body: Partial<Student> & { classId: Id }) => http.post('/pc_class/save_or_student', body);

/* ---------- 学生 ---------- */
/** 分页查询学生 */
export const findStudentPage = (params: Record<string, unknown>) => http.get<PageResult<Student>>('/pc_student/find_page', params);
/** 修改学生（含调班） */
export const updateStudent = (body: { id: Id; classId: Id; name: string; admissionNo: string; gender: string; registrationType: string }) => http.post('/pc_student/update_student', body);
/** 批量删除学生 */
export const deleteStudents = (ids: Id[]) => http.post('/pc_student/delete', { ids });
/** 查询学籍类型 */
export const findRegistrationTypes = () => http.get<{ value: string; label: string }[]>('/pc_student/level_registration_type');

/* ---------- 教师 ---------- */
/** 分页查询教师 */
export const findTeacherPage = (params: Record<string, unknown>) => http.get<PageResult<Teacher>>('/pc_teacher/find_page', params);
/** 查询全部教师（下拉选择） */
export const findTeacherTable = (params?: Record<string, unknown>) => http.get<{ id: Id; userId: Id; name: string; loginId: string }[]>('/pc_teacher/find_table', params);
/** 新增或修改教师 */
export const saveTeacher = (body: Partial<Teacher>) => http.post('/pc_teacher/save_or_update', body);
/** 批量删除教师 */
export const deleteTeachers = (ids: Id[]) => http.post('/pc_teacher/delete', { ids });

/* ---------- 任课与权限 ---------- */
export type DutyRole = 'head_teacher' | 'subject_teacher' | 'grade_leader' | 'lesson_leader';
/** 单元格中的一条任课关系（id 为关系 id） */
export interface RelationTeacher { id: Id; userId: Id; teacherName: string; loginId: string; temporary: boolean }
export interface CourseTblRow { classId: Id; className: string; headTeachers: RelationTeacher[]; cells: Record<string, RelationTeacher[]> }
export interface CourseTbl { gradeId: Id; gradeName: string; courses: { courseCode: string; courseName: string }[]; rows: CourseTblRow[] }
export interface Leader {
  id: Id; userId: Id; teacherName: string; loginId: string; roleCode: string; gradeId: Id | null; gradeName: string | null;
  courseCode: string | null; courseName: string | null; temporary: boolean;
}
export interface PermissionTbl { gradeLeaders: Leader[]; lessonLeaders: Leader[]; temporaryLeaders: Leader[] }
export interface RolePermissionTable {
  permissions: { code: string; name: string; group: string }[];
  roles: { roleCode: string; roleName: string; editable: boolean; permissionCodes: string[] }[];
}

/** 查询年级任课关系表 */
export const findCourseTbl = (gradeId: Id) => http.get<CourseTbl>('/pc_tch_course/find_course_tbl', { gradeId });
/** 新增任课关系/角色 */
export const addClassRoleCourse = (body: { userId: Id; roleCode: DutyRole; gradeId?: Id; classIds?: Id[]; courseCode?: string; temporary?: boolean }) =>
  http.post<{ created: number; ids: number[] }>('/pc_tch_course/add_class_role_course', body);
/** 删除任课关系/角色 */
export const deleteClassRoleCourse = (ids: Id[]) => http.post('/pc_tch_course/delete_class_role_course', { ids });
/** 清空年级任课关系（班主任与任课老师） */
export const cleanClassRoleCourse = (gradeId: Id) => http.post('/pc_tch_course/clean_class_role_course', { gradeId });
/** 查询年级主任、备课组长、临时学科负责人 */
export const findPermissionTbl = (params?: { gradeId?: Id; roleCode?: 'grade_leader' | 'lesson_leader' }) =>
  http.get<PermissionTbl>('/pc_tch_course/find_permission_tbl', params);
/** 查询教师角色的业务权限 */
export const findTchRolePermission = () => http.get<RolePermissionTable>('/pc_tch_course/find_tch_role_permission');
/** 保存教师角色的业务权限（整体替换） */
export const saveBusinessPermission = (body: { roleCode: string; permissionCodes: string[] }) =>
  http.post('/pc_tch_course/save_business_permission', body);
