import type { SignUpRequest, SignUpSetting } from '@jz/shared/api/sign-up';
import { http } from '@/utils/request';

// Teacher sign-up (packages/shared/src/api/sign-up.ts).

/** 教师注册：凭学校注册码提交申请（密码已加密） */
export const signUp = (body: { registrationCode: string; loginId: string; name: string; phone: string; password: string; confirmPassword: string }) =>
  http.post<{ schoolName: string; status: 'pending' }>('/teach_login/sign_up', body);
/** 本校教师注册设置 */
export const findSignUpSetting = () => http.get<SignUpSetting>('/signUp/setting');
/** 保存本校教师注册设置 */
export const saveSignUpSetting = (body: { enabled: boolean; renewCode?: boolean }) => http.post<SignUpSetting>('/signUp/setting', body);
/** 本校待审核的教师注册申请 */
export const findSignUpRequests = () => http.get<SignUpRequest[]>('/signUp/requests', { status: 'pending' });
/** 通过注册申请 */
export const approveSignUp = (id: number) => http.post<null>('/signUp/approve', { id });
/** 拒绝注册申请 */
export const rejectSignUp = (id: number, reason: string) => http.post<null>('/signUp/reject', { id, reason });
