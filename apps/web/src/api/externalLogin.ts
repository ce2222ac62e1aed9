import { http } from '@/utils/request';
import type { LoginResult } from '@/api/auth';

export interface LoginOptions { sms: boolean; wechat: boolean }
export interface QrAuthorize { url: string; state: string; expiresInSeconds: number }
export interface QrUserInfo { status: 'waiting' | 'done' | 'unbound' | 'failed' | 'expired'; message: string | null; accessToken: string | null }

/** 已开通的其他登录方式 */
export const getLoginOptions = () => http.get<LoginOptions>('/auth/loginOptions');
/** 发送短信验证码（登录 / 重置密码） */
export const sendPhoneCode = (phone: string, purpose: 'login' | 'reset' = 'login') => http.post<{ resendAfterSeconds: number }>('/duanx/verify', { phone, purpose });
/** 手机验证码登录 */
export const phoneLogin = (body: { phone: string; code: string }) => http.post<LoginResult>('/duanx/verifSMS', body);
/** 微信扫码登录：二维码地址与 state */
export const wechatQrAuthorize = () => http.get<QrAuthorize>('/wechat/qrAuthorize');
/** 轮询微信扫码结果 */
export const wechatQrUserInfo = (state: string) => http.get<QrUserInfo>('/wechat/qrUserInfo', { state });

/** 本人已绑定的手机号与微信 */
export const findBindings = () => http.get<{ phone: string | null; wechat: boolean }>('/pc_personal/find_bindings');
/** 发送绑定手机号验证码 */
export const sendBindPhoneCode = (phone: string) => http.post<{ resendAfterSeconds: number }>('/duanx/bind_phone_obtain_code', { phone });
/** 绑定手机号 */
export const bindPhone = (body: { phone: string; code: string }) => http.post<null>('/pc_personal/bind_phone', body);
/** 绑定微信：二维码地址 */
export const bindWechat = () => http.get<QrAuthorize>('/pc_personal/bind_wechat');
/** 解除微信绑定 */
export const unbindWechat = () => http.get<null>('/pc_personal/un_bind_wechat');
