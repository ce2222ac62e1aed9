import { adminHttp } from '@/utils/request';
import type { ScanDisk } from '@jz/shared/api/admin';
import type { Id, PageResult } from './school';

export interface SchoolStat { schoolTotal: number; openSchoolTotal: number; closedSchoolTotal: number; studentTotal: number; teacherTotal: number }
export interface AdminSchool {
  id: Id; name: string; code: string; province: string; area: string; address: string; logo?: string | null;
  contactName: string; contactPhone: string; status: number; statusName?: string; createdAt?: string; kind?: 'school' | 'bureau';
  gradeCount?: number; classCount?: number; studentCount?: number; teacherCount?: number;
  adminUserId: Id | null; adminLoginId: string | null; adminUserName: string | null;
}
export interface SchoolCreated { id: Id; adminUserId: Id; adminLoginId: string; initialPassword: string }
export interface SchoolAdminAccount { userId: Id; loginId: string; userName: string; schoolId: Id; schoolName: string; status: number; passwordRetrievable: boolean; passwordHint: string }
export interface AdminSchoolGrade { id: Id; gradeDictId: Id | null; name: string; sort: number; classCount: number; courses: { courseCode: string; courseName: string }[] }
export interface DictGrade { id: Id; name: string; stage: string; sort: number }
export interface DictCourse { id: Id; code: string; name: string; sort: number }
export interface SysUser { id: Id; loginId: string; userName: string; email: string | null; phone: string | null; status: number; roleId: Id | null; roleName: string | null; createdAt: string }
export interface SysRole { id: Id; code: string; name: string; remark: string; permissions: string[]; userCount?: number; createdAt?: string }

/* ---------- 学校 ---------- */
/** 平台学校统计数 */
export const getStatisticalSchoolNumber = () => adminHttp.get<SchoolStat>('/admin/school/getStatisticalSchoolNumber');
/** 分页查询学校（name/province/area/status） */
export const getStatisticalSchoolInfo = (params: Record<string, unknown>) => adminHttp.get<PageResult<AdminSchool>>('/admin/school/getStatisticalSchoolInfo', params);
/** 省份列表 */
export const getProvinceList = () => adminHttp.get<string[]>('/admin/school/getProvinceList');
/** 某省份的地区列表 */
export const getAreaList = (province: string) => adminHttp.get<string[]>('/admin/school/getAreaList', { province });
/** 新建学校及管理员账号 */
export const createSchool = (body: Record<string, unknown>) => adminHttp.post<SchoolCreated>('/admin/school/createSchoolInfo', body);
/** 修改学校 */
export const updateSchool = (id: Id, body: Record<string, unknown>) => adminHttp.post(`/admin/school/update/${id}`, body);
/** 开启学校 */
export const openSchool = (id: Id) => adminHttp.post('/admin/school/adminOpenUpdateSchoolUserStatus', { id });
/** 关闭学校 */
export const closeSchool = (id: Id) => adminHttp.post('/admin/school/adminUpdateCloseSchoolUserStatus', { id });
/** 查看学校管理员账号 */
export const querySchoolAdmin = (userId: Id) => adminHttp.get<SchoolAdminAccount>(`/admin/school/querySchoolAdminUserAndPwd/${userId}`);
/** 重置学校管理员密码 */
export const resetSchoolAdminPwd = (userId: Id) => adminHttp.post<{ userId: Id; loginId: string; password: string }>('/admin/school/resetSchoolAdminPwd', { userId });
/** 查询学校的年级及学科 */
export const querySchoolGrades = (schoolTenantId: Id) => adminHttp.get<AdminSchoolGrade[]>(`/admin/gradeRelation/adminQuerySchoolAllGradeInfoList/${schoolTenantId}`);
/** 为学校添加年级 */
export const addSchoolGrades = (schoolTenantId: Id, gradeIds: Id[]) =>
  adminHttp.post<{ added: string[]; skipped: string[] }>(`/admin/gradeRelation/adminAddSchoolManyGradeInfo/${schoolTenantId}`, { gradeIds });

/* ---------- 字典 ---------- */
/** 年级字典 */
export const getAllGrades = () => adminHttp.get<DictGrade[]>('/admin/grade/getAllList');
/** 学科字典 */
export const getAllCourses = () => adminHttp.get<DictCourse[]>('/admin/course/getAllList');
/** 新增（无 id）或修改（有 id）学科 */
export const saveCourse = (body: { id?: Id; code: string; name: string; sort?: number }) => adminHttp.post<{ id: Id }>('/admin/course/courses', body);
/** 批量删除学科 */
export const deleteCourses = (ids: Id[]) => adminHttp.del('/admin/course/deleteByIds', ids);

/* ---------- 系统用户 ---------- */
/** 分页查询系统用户（keyword/roleId/status） */
export const findSysUsers = (params: Record<string, unknown>) => adminHttp.get<PageResult<SysUser>>('/sys/users', params);
/** 新增系统用户（password 为 RSA 加密） */
export const createSysUser = (body: { loginId: string; userName: string; password?: string; roleId: Id; email?: string; phone?: string; status?: number }) =>
  adminHttp.post<{ id: Id }>('/sys/users', body);
/** 修改系统用户 */
export const updateSysUser = (id: Id, body: { loginId: string; userName: string; roleId: Id; email?: string; phone?: string; status?: number }) =>
  adminHttp.put(`/sys/users/${id}`, body);
/** 设置系统用户密码（RSA 加密） */
export const updateSysUserPassword = (userId: Id, password: string) => adminHttp.put(`/sys/users/${userId}/password`, { password });
/** 批量删除系统用户 */
export const deleteSysUsers = (ids: Id[]) => adminHttp.del('/sys/users', ids);

/* ---------- 平台发件箱 ---------- */
export interface OutboxMail { id: Id; to: string; subject: string; body: string; createdAt: string }
/** 平台发件箱（未配置 SMTP 时的全部邮件，含验证码；email 按收件人筛选） */
export const findSysOutbox = (params: Record<string, unknown>) => adminHttp.get<PageResult<OutboxMail>>('/sys/outbox', params);

/* ---------- 系统角色 ---------- */
/** 分页查询系统角色（keyword） */
export const findSysRoles = (params?: Record<string, unknown>) => adminHttp.get<PageResult<SysRole>>('/sys/roles', params);
/** 全部系统角色（下拉） */
export const findSysRoleList = () => adminHttp.get<SysRole[]>('/sys/roleList');
/** 平台权限编码及名称 */
export const findSysPermissionList = () => adminHttp.get<{ code: string; name: string }[]>('/sys/permissionList');
/** 新增系统角色 */
export const createSysRole = (body: { code: string; name: string; remark?: string; permissions: string[] }) => adminHttp.post<{ id: Id }>('/sys/roles', body);
/** 修改系统角色 */
export const updateSysRole = (id: Id, body: { code: string; name: string; remark?: string; permissions: string[] }) => adminHttp.put(`/sys/roles/${id}`, body);
/** 批量删除系统角色 */
export const deleteSysRoles = (ids: Id[]) => adminHttp.del('/sys/roles', ids);

/** 学校扫描存储空间：已用与上限 */
export const getScanDisk = (schoolId: Id) => adminHttp.get<ScanDisk>(`/admin/school/scanDisk/${schoolId}`);
/** 设置学校扫描存储空间上限（GB；null 恢复默认） */
export const setScanDisk = (schoolId: Id, quotaGb: number | null) => adminHttp.post<ScanDisk>(`/admin/school/scanDisk/${schoolId}`, { quotaGb });
