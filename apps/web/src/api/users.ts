import { http } from '@/utils/request';
import type { Id, PageResult } from './school';

export interface UserRoleSummary { roleCode: string; roleName: string; gradeName: string | null; className: string | null; courseName: string | null; temporary?: boolean }
export interface SchoolUser {
  id: Id; loginId: string; userName: string; email: string | null; phone: string | null; gender?: string | null; userType?: string;
  status: number; roles: UserRoleSummary[]; roleSummary?: string; createdAt?: string;
}
export interface PersonInfo {
  id: Id; username?: string; loginId: string; userName: string; userEmail: string | null; phone: string | null; gender?: string | null;
  userType?: string; schoolId?: Id; schoolName: string; roleNames: string[];
}
export interface RoleInfo { roleCode: string; roleName: string; gradeId: Id | null; gradeName: string | null; classId: Id | null; className: string | null; courseCode: string | null; courseName: string | null }
export interface MyCourseData {
  roles: RoleInfo[];
  grades: { gradeId: Id; gradeName: string }[];
  classes: { classId: Id; className: string; gradeId: Id; gradeName: string }[];
  courses: { courseCode: string; courseName: string }[];
}

/** 当前登录用户信息（含权限） */
export const getCurrentUserInfo = () => http.get<{ permissions?: string[]; [k: string]: unknown }>('/teach/user/getCurrentUserInfo');
/** 分页查询本校用户 */
export const findUserPage = (params: Record<string, unknown>) => http.get<PageResult<SchoolUser>>('/teach/user/page', params);
/** 批量启用用户 */
export const enableUsers = (ids: Id[]) => http.post('/teach/user/enable', { ids });
/** 批量禁用用户 */
export const disableUsers = (ids: Id[]) => http.post('/teach/user/disable', { ids });
/** 重置单个用户密码 */
export const resetUserPassword = (id: Id) => http.post('/teach/user/resetPassword', { id });
/** 批量重置用户密码 */
export const batchResetPassword = (ids: Id[]) => http.post('/teach/user/batchResetPassword', { ids });
/** 批量解绑邮箱 */
export const unbindEmail = (ids: Id[]) => http.post('/teach/user/unbindEmail', { ids });
export interface UserForm { id?: Id; loginId?: string; userName: string; phone?: string | null; gender?: string | null; schoolAdmin?: boolean }
/** 新增用户（初始密码为默认密码） */
export const addUser = (body: UserForm) => http.post<{ id: number }>('/teach/user/add', body);
/** 编辑用户 */
export const updateUser = (body: UserForm) => http.post('/teach/user/update', body);

/** 查询个人信息 */
export const findMyInfo = () => http.get<PersonInfo>('/pc_personal/find_user_info');
/** 查询我的任课信息 */
export const findMyCourseData = () => http.get<MyCourseData>('/pc_personal/find_my_course_data');
/** 管理员重置本校用户密码（不传 password 即重置为默认密码） */
export const resetTeacherPwd = (userId: Id) => http.post('/pc_personal/reset_pwd', { userId });
