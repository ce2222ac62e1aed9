/**
 * WeChat website QR login and binding. qrAuthorize makes a state (10 minutes) and WeChat's QR address; after the
 * scan WeChat calls GET callBack?code&state, which proves the openid and records the outcome on the state; the page
 * polls qrUserInfo, which hands a login's session token out once. States live in the database, so the callback
 * and the polls may reach different api instances.
 */
import type { AppContext } from '../../core/context.js';
import type { AuthUser } from '../../core/auth.js';
import { createSession } from '../../core/auth.js';
import { newToken } from '../../core/crypto.js';
import { BizError } from '../../core/http.js';
import { assertMayEnter } from '../auth/auth.service.js';
import { WECHAT_NOT_CONFIGURED } from './external-login.config.js';
import * as repo from './external-login.repository.js';
import { identityFromCode, qrConnectUrl } from './wechat.provider.js';

const STATE_TTL_MS = 10 * 60 * 1000;

function wechatConfig(ctx: AppContext) {
  const cfg = ctx.config.externalLogin.wechat;
  if (!cfg) throw new BizError(WECHAT_NOT_CONFIGURED, 503);
  return cfg;
}

export async function qrAuthorize(ctx: AppContext, purpose: 'login' | 'bind', user?: AuthUser) {
  const cfg = wechatConfig(ctx);
  if (purpose === 'bind' && !user) throw new BizError('请先登录', 401);
  const state = newToken().slice(0, 32);
  await repo.insertWechatState(ctx.db, { state, purpose, userId: purpose === 'bind' ? user!.id : null, ttlMs: STATE_TTL_MS });
  return { url: qrConnectUrl(cfg, state), state, expiresInSeconds: STATE_TTL_MS / 1000 };
}

/** callBack: WeChat's redirect after the scan. Answers where the browser goes next (the login page polls there). */
export async function callBack(ctx: AppContext, code: string | undefined, state: string | undefined): Promise<string> {
  const cfg = wechatConfig(ctx);
  const s = state ? await repo.wechatState(ctx.db, state) : undefined;
  if (!s || s.expired || s.status !== 'waiting') return '/#/wechatLogin?error=expired';
  const page = s.purpose === 'bind' ? '/#/userInfo/personInfo' : `/#/wechatLogin?state=${encodeURIComponent(s.state)}`;
  if (!code) {
    await repo.moveWechatState(ctx.db, s.state, 'waiting', { status: 'failed', message: '已取消微信授权' });
    return page;
  }
  let openid: string;
  try {
    openid = (await identityFromCode(cfg, code)).openid;
  } catch (e) {
    await repo.moveWechatState(ctx.db, s.state, 'waiting', { status: 'failed', message: (e as Error).message });
    return page;
  }
  if (s.purpose === 'bind') {
    const bound = await ctx.db.transaction().execute((tx) => repo.bindValue(tx, s.user_id!, 'wechat', openid));
    await repo.moveWechatState(ctx.db, s.state, 'waiting', bound ? { status: 'done', resultUserId: s.user_id } : { status: 'failed', message: '该微信已绑定其他账号' });
    return page;
  }
  const u = await repo.userByBinding(ctx.db, 'wechat', openid);
  await repo.moveWechatState(ctx.db, s.state, 'waiting', u
    ? { status: 'done', resultUserId: u.id }
    : { status: 'unbound', message: '该微信尚未绑定账号，请先用账号密码登录，在个人中心绑定微信' });
  return page;
}

/** qrUserInfo: the outcome of a state; a finished login answers its token once. */
export async function qrUserInfo(ctx: AppContext, state: string) {
  wechatConfig(ctx);
  const s = await repo.wechatState(ctx.db, state);
  if (!s) throw new BizError('二维码已失效，请刷新');
  if (s.status === 'waiting') return { status: s.expired ? 'expired' as const : 'waiting' as const, message: s.expired ? '二维码已过期，请刷新' : null, accessToken: null };
  if (s.status === 'taken') return { status: 'expired' as const, message: '该二维码已使用，请刷新', accessToken: null };
  if (s.status !== 'done') return { status: s.status, message: s.message, accessToken: null };
  if (s.purpose === 'bind') return { status: 'done' as const, message: '绑定成功', accessToken: null };
  const u = await repo.loginTarget(ctx.db, s.result_user_id!);
  assertMayEnter(u, 'teacher');
  if (!(await repo.moveWechatState(ctx.db, state, 'done', { status: 'taken' }))) return { status: 'expired' as const, message: '该二维码已使用，请刷新', accessToken: null };
  return { status: 'done' as const, message: '登录成功', accessToken: await createSession(ctx.db, u.id, 'user', ctx.config.userTokenTtlMs) };
}

export async function unbindWechat(ctx: AppContext, user: AuthUser): Promise<void> {
  if (!(await repo.unbind(ctx.db, user.id, 'wechat'))) throw new BizError('尚未绑定微信');
}
