import type { WechatConfig } from './external-login.config.js';

/** The QR page of WeChat's website login (snsapi_login); WeChat redirects to redirectUri?code&state after the scan. */
export function qrConnectUrl(cfg: WechatConfig, state: string): string {
  const q = new URLSearchParams({ appid: cfg.appId, redirect_uri: cfg.redirectUri, response_type: 'code', scope: 'snsapi_login', state });
  return `${cfg.openBase}/connect/qrconnect?${q}#wechat_redirect`;
}

export interface WechatIdentity { openid: string; unionid?: string; nickname?: string }

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return (await res.json()) as Record<string, unknown>;
}

/** sns/oauth2/access_token (code → openid) then sns/userinfo (nickname); WeChat's errcode becomes an Error. */
export async function identityFromCode(cfg: WechatConfig, code: string): Promise<WechatIdentity> {
  const tokenQ = new URLSearchParams({ appid: cfg.appId, secret: cfg.appSecret, code, grant_type: 'authorization_code' });
  const token = await getJson(`${cfg.apiBase}/sns/oauth2/access_token?${tokenQ}`);
  if (token.errcode || typeof token.openid !== 'string') throw new Error(`微信授权失败：${String(token.errmsg ?? token.errcode ?? '无 openid')}`);
  const info = await getJson(`${cfg.apiBase}/sns/userinfo?${new URLSearchParams({ access_token: String(token.access_token), openid: token.openid })}`);
  return {
    openid: token.openid,
    unionid: typeof token.unionid === 'string' ? token.unionid : undefined,
    nickname: typeof info.nickname === 'string' ? info.nickname : undefined,
  };
}
