import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { RoleCode } from '@jz/shared/roles';
import { ALL_PERMISSION_CODES, PLATFORM_PERMISSION_CODES } from '@jz/shared/roles';
import type { Db } from '../db/database.js';
import { newToken, sha256 } from './crypto.js';
import { BizError, forbidden, unauthorized } from './http.js';

export interface RoleScope {
  roleCode: RoleCode;
  gradeId: number | null;
  classId: number | null;
  courseCode: string | null;
}

/** Who is calling: loaded once per request from the session token. */
export interface AuthUser {
  id: number;
  schoolId: number | null;
  loginId: string;
  userName: string;
  userType: 'teacher' | 'student' | 'platform';
  sessionId: number;
  kind: 'user' | 'admin';
  roles: RoleScope[];
  permissions: Set<string>;
  /** The password was set by someone else: only routes with config.whilePasswordChangeDue answer until it is changed. */
  mustChangePassword?: boolean;
}

/** Route-level access: public, any school user (teachers), a student (/studentApi/), or the platform admin. */
export type RouteAuth = 'public' | 'user' | 'admin' | 'student';

export interface RouteEntry { method: string; url: string; auth?: RouteAuth; permission?: string }

declare module 'fastify' {
  interface FastifyInstance { routeTable: RouteEntry[] }
  interface FastifyRequest { auth?: AuthUser }
  interface FastifyContextConfig { auth?: RouteAuth; permission?: string; whilePasswordChangeDue?: boolean }
}

/** End of today in local time: admin sessions (and the spec's admin cookies) expire at the next local midnight. */
export function nextLocalMidnight(now = new Date()): Date {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d;
}

export async function createSession(db: Db, userId: number, kind: 'user' | 'admin', ttlMs: number, onBehalf = false): Promise<string> {
  const token = newToken();
  const expiresAt = kind === 'admin' ? nextLocalMidnight() : new Date(Date.now() + ttlMs);
  await db.insertInto('session').values({ token_hash: sha256(token), user_id: userId, kind, expires_at: expiresAt, on_behalf: onBehalf }).execute();
  return token;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('session').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  return h.startsWith('Bearer ') ? h.slice(7) : h;
}

/**
 * The caller of a token: session, user, school state, role scopes and the roles' permissions in one round trip
 * (it runs on every request; docs/DECISIONS.md "Marking speed"). A platform user's permissions come from its sys_role.
 */
export async function loadAuthUser(db: Db, token: string): Promise<AuthUser | undefined> {
  const row = await db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('school as sc', 'sc.id', 'u.school_id')
    .select(['s.id as sessionId', 's.kind', 'u.id', 'u.school_id', 'u.login_id', 'u.user_name', 'u.user_type', 'u.status', 'u.sys_role_id', 'sc.status as schoolStatus', 'u.must_change_password', 's.on_behalf',
      sql<{ role_code: string; grade_id: number | null; class_id: number | null; course_code: string | null }[]>`coalesce((select json_agg(json_build_object(
        'role_code', r.role_code, 'grade_id', r.grade_id, 'class_id', r.class_id, 'course_code', r.course_code) order by r.id) from user_role r where r.user_id = u.id), '[]'::json)`.as('roles'),
      sql<string[]>`array(select distinct rp.permission_code from role_permission rp where rp.school_id = u.school_id
        and rp.role_code in (select r.role_code from user_role r where r.user_id = u.id))`.as('rolePermissions')])
    .where('s.token_hash', '=', sha256(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row || row.status !== 1) return undefined;
  if (row.school_id !== null && row.schoolStatus !== 1) return undefined;
  const user: AuthUser = {
    id: row.id,
    schoolId: row.school_id,
    loginId: row.login_id,
    userName: row.user_name,
    userType: row.user_type,
    sessionId: row.sessionId,
    kind: row.kind,
    roles: [],
    permissions: new Set(),
    mustChangePassword: row.must_change_password && !row.on_behalf,
  };
  if (row.user_type === 'platform') {
    const role = row.sys_role_id
      ? await db.selectFrom('sys_role').select('permissions').where('id', '=', row.sys_role_id).executeTakeFirst()
      : undefined;
    user.permissions = new Set(role ? role.permissions : PLATFORM_PERMISSION_CODES);
    return user;
  }
  user.roles = row.roles.map((r) => ({ roleCode: r.role_code as RoleCode, gradeId: r.grade_id, classId: r.class_id, courseCode: r.course_code }));
  const codes = new Set(user.roles.map((r) => r.roleCode));
  user.permissions = codes.has('school_admin') ? new Set(ALL_PERMISSION_CODES) : new Set(row.rolePermissions);
  return user;
}

/**
 * Resolves the caller on every request and enforces the route's `config.auth` / `config.permission`.
 * Default: /adminApi/ routes need the admin session, /api/ routes a school user's session.
 */
export function registerAuth(app: FastifyInstance, db: Db) {
  // Every route with its declared access, for the tenant/role sweep test and the route documentation.
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: r.url, auth: (r.config as { auth?: RouteAuth } | undefined)?.auth, permission: (r.config as { permission?: string } | undefined)?.permission });
    }
  });
  app.addHook('onRequest', async (req) => {
    const cfg = req.routeOptions.config ?? {};
    const url = req.url;
    const mode: RouteAuth = cfg.auth ?? (url.startsWith('/api/docs') ? 'public' : url.startsWith('/adminApi/') ? 'admin'
      : url.startsWith('/studentApi/') ? 'student' : url.startsWith('/api/') ? 'user' : 'public');
    const token = tokenOf(req);
    if (token) req.auth = await loadAuthUser(db, token);
    if (mode === 'public') return;
    if (!req.auth) throw unauthorized();
    if (mode === 'admin' && (req.auth.kind !== 'admin' || req.auth.userType !== 'platform')) throw unauthorized();
    if (mode === 'user' && (req.auth.kind !== 'user' || req.auth.schoolId === null || req.auth.userType === 'student')) throw unauthorized();
    if (mode === 'student' && (req.auth.kind !== 'user' || req.auth.schoolId === null || req.auth.userType !== 'student')) throw unauthorized();
    if (req.auth.mustChangePassword && !cfg.whilePasswordChangeDue) throw passwordChangeDue();
    if (cfg.permission && !req.auth.permissions.has(cfg.permission)) throw forbidden();
  });
}

/** Body code of every call refused until the password set by someone else is changed. */
export const PASSWORD_CHANGE_DUE_CODE = 428;
export const passwordChangeDue = () => new BizError('密码由管理员设置或重置，请先修改密码后再使用', PASSWORD_CHANGE_DUE_CODE);

/** The caller of a route that requires a school user. */
export function userOf(req: FastifyRequest): AuthUser & { schoolId: number } {
  if (!req.auth || req.auth.schoolId === null) throw unauthorized();
  return req.auth as AuthUser & { schoolId: number };
}

export function requirePermission(user: AuthUser, code: string): void {
  if (!user.permissions.has(code)) throw forbidden();
}

export function hasRole(user: AuthUser, code: RoleCode): boolean {
  return user.roles.some((r) => r.roleCode === code);
}

export { BizError };
