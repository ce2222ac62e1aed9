import type { MenuItem, UserDuty } from '@jz/shared/roles';
import { adminHttp, http, studentHttp } from '@/utils/request';

export interface RoleInfo {
  roleCode: string;
  roleName: string;
  gradeName?: string | null;
  className?: string | null;
  courseName?: string | null;
  [k: string]: unknown;
}

/** GET teach/user/getCurrentUserInfo. */
export interface CurrentUserInfo {
  id: number;
  userName: string;
  userEmail?: string | null;
  username: string;
  roles: RoleInfo[];
  menus: MenuItem[];
  permissions: string[];
  buttons: unknown[];
  schoolName?: string | null;
  schoolLogo?: string | null;
  userType?: string;
  roleId?: string | number | null;
  /** The password was set by someone else: 修改密码 is forced before anything else. */
  mustChangePassword?: boolean;
  /** Duties that open menu entries (@jz/shared roles USER_DUTIES). */
  duties?: UserDuty[];
  [k: string]: unknown;
}

export interface LoginResult { accessToken: string; mustChangePassword?: boolean; [k: string]: unknown }

/** 获取密码加密公钥（PEM） */
export const getPublicKey = () => http.get<string>('/auth/publicKey');
/** 账号密码登录（密码已加密） */
export const login = (body: { loginId: string; password: string }) => http.post<LoginResult>('/auth/login', body);
/** 邮箱验证码登录 */
export const emailLogin = (body: { email: string; code: string }) => http.post<LoginResult>('/auth/emailLogin', body);
/** 发送登录邮箱验证码 */
export const sendLoginEmailCode = (email: string) => http.post<unknown>('/email/sendLoginEmailCode', { email });
/** 退出登录 */
export const signOut = () => http.post<unknown>('/teach_login/sign_out');
/** 获取当前登录用户信息 */
export const getCurrentUserInfo = () => http.get<CurrentUserInfo>('/teach/user/getCurrentUserInfo');
/** 修改本人密码（三个字段均已加密） */
export const updatePassword = (body: { oldPassword: string; newPassword: string; confirmNewPassword: string }) =>
  http.post<unknown>('/pc_personal/update_password', body);
/** 发送绑定邮箱验证码 */
export const sendBindEmailCode = (body: { email: string; userId: number | string }) => http.post<unknown>('/email/sendBindEmailCode', body);
/** 绑定邮箱 */
export const bindEmail = (body: { email: string; code: string }) => http.post<unknown>('/teach/user/bindEmail', body);
/** 解绑邮箱（批量，用户 id 列表） */
export const unbindEmail = (ids: Array<number | string>) => http.post<unknown>('/teach/user/unbindEmail', { ids });

/** 管理员登录（密码已加密） */
export const adminLogin = (body: { username: string; password: string }) => adminHttp.post<LoginResult>('/auth/login', body);
/** 管理员退出登录 */
export const adminLogout = () => adminHttp.post<unknown>('/auth/logout');
/** 当前管理员信息 */
export const adminMe = () => adminHttp.get<Record<string, any>>('/auth/me');

/** 学生登录（密码已加密） */
export const studentLogin = (body: { loginId: string; password: string }) => studentHttp.post<LoginResult>('/auth/login', body);
/** 学生本人信息 */
export const studentInfo = () => studentHttp.get<Record<string, any>>('/user/info');
/** 学生退出登录 */
export const studentLogout = () => studentHttp.post<unknown>('/auth/logout');
