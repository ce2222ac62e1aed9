import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_TAGS, idParams, idsBody, passwordBody, permissionDefSchema, sysRoleFilter, sysRolePageSchema, sysRoleRowSchema, sysRoleSaveBody,
  sysUserCreateBody, sysUserFilter, sysUserPageSchema, sysUserRowSchema, sysUserUpdateBody, userIdParams,
} from '@jz/shared/api/admin';
import type { ModuleRoutes } from '../module-routes.js';
import type { AuthUser } from '../../core/auth.js';
import { ok, pageQuery, unauthorized } from '../../core/http.js';
import { outboxPage as outboxPageSchema, outboxQuery } from '@jz/shared/api/users';
import { outboxPage } from '../users/users.repository.js';
import * as svc from './admin.service.js';
import { deletedResult, done, idResult, res } from './admin.responses.js';

const SYS = { permission: 'admin:sys:edit' } as const;

/** Platform sys users and sys roles (/adminApi/v1/sys/*), each command one transaction. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = [ADMIN_TAGS.sys];
  const caller = (req: { auth?: AuthUser }) => { if (!req.auth) throw unauthorized(); return req.auth; };

  app.get('/sys/users', {
    config: SYS,
    schema: { tags, summary: '系统用户分页列表', querystring: pageQuery.extend(sysUserFilter.shape), response: { 200: res(sysUserPageSchema) } },
  }, async (req) => ok(await svc.sysUserPage(ctx, req.query)));

  app.get('/sys/outbox', {
    config: SYS,
    schema: {
      tags, summary: '平台发件箱（未配置 SMTP 时的全部邮件，含各类验证码；学校发件箱不含验证码）', querystring: outboxQuery, response: { 200: res(outboxPageSchema) },
    },
  }, async (req) => ok(await outboxPage(ctx.db, 'all', req.query)));

  app.get('/sys/userList', {
    config: SYS,
    schema: { tags, summary: '全部系统用户', response: { 200: res(z.array(sysUserRowSchema)) } },
  }, async () => ok(await svc.sysUserList(ctx)));

  app.post('/sys/users', {
    config: SYS,
    schema: { tags, summary: '新增系统用户（password 为 RSA 加密，不填为初始密码 Jz@123456）', body: sysUserCreateBody, response: { 200: idResult } },
  }, async (req) => ok(await svc.createSysUser(ctx, req.body), '新增成功'));

  app.put('/sys/users/:id', {
    config: SYS,
    schema: { tags, summary: '修改系统用户', params: idParams, body: sysUserUpdateBody, response: { 200: done } },
  }, async (req) => { await svc.updateSysUser(ctx, caller(req), req.params.id, req.body); return ok(null, '修改成功'); });

  app.put('/sys/users/:userId/password', {
    config: SYS,
    schema: { tags, summary: '设置系统用户密码（RSA 加密），其其他会话失效', params: userIdParams, body: passwordBody, response: { 200: done } },
  }, async (req) => { await svc.setSysUserPassword(ctx, caller(req), req.params.userId, req.body.password); return ok(null, '密码修改成功'); });

  app.delete('/sys/users', {
    config: SYS,
    schema: { tags, summary: '删除系统用户（body 为 id 数组）；不能删除自己或最后一个管理员', body: idsBody, response: { 200: deletedResult } },
  }, async (req) => ok(await svc.deleteSysUsers(ctx, caller(req), req.body), '删除成功'));

  app.get('/sys/roles', {
    config: SYS,
    schema: { tags, summary: '系统角色分页列表', querystring: pageQuery.extend(sysRoleFilter.shape), response: { 200: res(sysRolePageSchema) } },
  }, async (req) => ok(await svc.sysRolePage(ctx, req.query)));

  app.get('/sys/roleList', {
    config: SYS,
    schema: { tags, summary: '全部系统角色', response: { 200: res(z.array(sysRoleRowSchema)) } },
  }, async () => ok(await svc.sysRoleList(ctx)));

  app.get('/sys/permissionList', {
    config: SYS,
    schema: { tags, summary: '平台权限编码及名称（角色表单用）', response: { 200: res(z.array(permissionDefSchema)) } },
  }, async () => ok(svc.permissionList()));

  app.post('/sys/roles', {
    config: SYS,
    schema: { tags, summary: '新增系统角色', body: sysRoleSaveBody, response: { 200: idResult } },
  }, async (req) => ok(await svc.createSysRole(ctx, req.body), '新增成功'));

  app.put('/sys/roles/:id', {
    config: SYS,
    schema: { tags, summary: '修改系统角色', params: idParams, body: sysRoleSaveBody, response: { 200: done } },
  }, async (req) => { await svc.updateSysRole(ctx, req.params.id, req.body); return ok(null, '修改成功'); });

  app.delete('/sys/roles', {
    config: SYS,
    schema: { tags, summary: '删除系统角色（body 为 id 数组）；已分配给用户的不能删除', body: idsBody, response: { 200: deletedResult } },
  }, async (req) => ok(await svc.deleteSysRoles(ctx, req.body), '删除成功'));
};
export default routes;
