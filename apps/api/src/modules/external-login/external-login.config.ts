/**
 * Providers of phone and WeChat sign-in, from the environment. Either may be missing: the product then answers
 * 未配置 on their calls and the login pages say so.
 */
export interface SmsConfig {
  /** Alibaba Cloud SMS (dysmsapi, SendSms, RPC signature v1): the provider most Chinese schools already have. */
  provider: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template with one ${code} parameter. */
  templateCode: string;
  endpoint: string;
}
export interface WechatConfig {
  /** A 微信开放平台 website application (snsapi_login). */
  appId: string;
  appSecret: string;
  /** Public address of GET /api/v1/callBack, registered as the app's callback domain. */
  redirectUri: string;
  openBase: string;
  apiBase: string;
}
export interface ExternalLoginConfig { sms?: SmsConfig; wechat?: WechatConfig }

export function loadExternalLoginConfig(env: NodeJS.ProcessEnv): ExternalLoginConfig {
  const out: ExternalLoginConfig = {};
  if (env.SMS_PROVIDER === 'aliyun' && env.SMS_ACCESS_KEY_ID && env.SMS_ACCESS_KEY_SECRET && env.SMS_SIGN_NAME && env.SMS_TEMPLATE_CODE) {
    out.sms = {
      provider: 'aliyun',
      accessKeyId: env.SMS_ACCESS_KEY_ID,
      accessKeySecret: env.SMS_ACCESS_KEY_SECRET,
      signName: env.SMS_SIGN_NAME,
      templateCode: env.SMS_TEMPLATE_CODE,
      endpoint: env.SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com/',
    };
  }
  if (env.WECHAT_APP_ID && env.WECHAT_APP_SECRET && env.WECHAT_REDIRECT_URI) {
    out.wechat = {
      appId: env.WECHAT_APP_ID,
      appSecret: env.WECHAT_APP_SECRET,
      redirectUri: env.WECHAT_REDIRECT_URI,
      openBase: (env.WECHAT_OPEN_BASE || 'https://open.weixin.qq.com').replace(/\/$/, ''),
      apiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/$/, ''),
    };
  }
  return out;
}

// users read these; the settings that turn the providers on are the README's (Configuration)
export const SMS_NOT_CONFIGURED = '短信服务未配置，请使用账号密码或邮箱验证码登录，或请联系管理员开通';
export const WECHAT_NOT_CONFIGURED = '微信扫码登录未配置，请使用账号密码登录，或请联系管理员开通';
