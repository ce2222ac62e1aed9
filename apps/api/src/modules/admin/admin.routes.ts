import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_TAGS, addGradesBody, addGradesResultSchema, adminUserIdBody, areaListQuery, courseDictSchema, courseSaveBody, gradeDictSchema,
  idParams, idsBody, passwordResetSchema, schoolAdminAccountSchema, schoolCountsSchema, schoolCreateBody, schoolCreatedSchema,
  scanDiskBody, scanDiskSchema, schoolGradeSchema, schoolIdBody, schoolListFilter, schoolPageSchema, schoolSaveBody, schoolTenantParams, userIdParams,
} from '@jz/shared/api/admin';
import type { ModuleRoutes } from '../module-routes.js';
import { ok, pageQuery } from '../../core/http.js';
import { deletedResult, done, idResult, res } from './admin.responses.js';
import * as svc from './admin.service.js';
import sysRoutes from './sys.routes.js';
import { scanDisk, setScanDisk } from './scan-disk.service.js';

const VIEW = { permission: 'admin:school:view' } as const;
const EDIT = { permission: 'admin:school:edit' } as const;
const DICT = { permission: 'admin:dict:edit' } as const;

/** Platform administrator API (/adminApi/v1, platform admin session): schools, school admin accounts, grades, dictionaries. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const school = { tags: [ADMIN_TAGS.school] };
  const dict = { tags: [ADMIN_TAGS.dict] };

  app.get('/admin/school/getStatisticalSchoolNumber', {
    config: VIEW,
    schema: { ...school, summary: '学校统计：学校总数、开启/关闭数、学生数、教师数', response: { 200: res(schoolCountsSchema) } },
  }, async () => ok(await svc.schoolCounts(ctx)));

  app.get('/admin/school/getProvinceList', {
    schema: { ...school, summary: '省份列表（34 个省级行政区）', response: { 200: res(z.array(z.string())) } },
  }, async () => ok(svc.provinceList()));

  app.get('/admin/school/getAreaList', {
    schema: { ...school, summary: '某省份的地区列表（地级行政区）', querystring: areaListQuery, response: { 200: res(z.array(z.string())) } },
  }, async (req) => ok(svc.areaList(req.query.province)));

  app.get('/admin/school/getStatisticalSchoolInfo', {
    config: VIEW,
    schema: {
      ...school, summary: '学校分页列表（按名称/编码、省份、地区、状态筛选），含各校人数与管理员账号',
      querystring: pageQuery.extend(schoolListFilter.shape), response: { 200: res(schoolPageSchema) },
    },
  }, async (req) => ok(await svc.schoolPage(ctx, req.query)));

  app.get('/admin/school/querySchoolAdminUserAndPwd/:userId', {
    config: VIEW,
    schema: { ...school, summary: '学校管理员账号（密码不可查看，只能重置）', params: userIdParams, response: { 200: res(schoolAdminAccountSchema) } },
  }, async (req) => ok(await svc.schoolAdminAccount(ctx, req.params.userId)));

  app.post('/admin/school/createSchoolInfo', {
    config: EDIT,
    schema: { ...school, summary: '新建学校及其管理员账号（初始密码 Jz@123456）', body: schoolCreateBody, response: { 200: res(schoolCreatedSchema) } },
  }, async (req) => ok(await svc.createSchool(ctx, req.body), '学校创建成功'));

  app.post('/admin/school/update/:id', {
    config: EDIT,
    schema: { ...school, summary: '修改学校信息', params: idParams, body: schoolSaveBody, response: { 200: done } },
  }, async (req) => { await svc.updateSchool(ctx, req.params.id, req.body); return ok(null, '修改成功'); });

  app.get('/admin/school/scanDisk/:id', {
    config: VIEW,
    schema: { ...school, summary: '学校扫描存储空间：已用字节数与空间上限（未单独设置时为平台默认 50 GB）', params: idParams, response: { 200: res(scanDiskSchema) } },
  }, async (req) => ok(await scanDisk(ctx, req.params.id)));

  app.post('/admin/school/scanDisk/:id', {
    config: EDIT,
    schema: { ...school, summary: '设置学校扫描存储空间上限（整数 GB，1–10240；null 恢复平台默认）；低于已用空间时只拒绝新的上传', params: idParams, body: scanDiskBody, response: { 200: res(scanDiskSchema) } },
  }, async (req) => ok(await setScanDisk(ctx, req.params.id, req.body.quotaGb), '保存成功'));

  app.post('/admin/school/adminUpdateCloseSchoolUserStatus', {
    config: EDIT,
    schema: { ...school, summary: '关闭学校：该校用户不能再登录，已登录的会话失效', body: schoolIdBody, response: { 200: done } },
  }, async (req) => { await svc.setSchoolStatus(ctx, req.body.id, 0); return ok(null, '学校已关闭'); });

  app.post('/admin/school/adminOpenUpdateSchoolUserStatus', {
    config: EDIT,
    schema: { ...school, summary: '开启学校：该校用户恢复登录', body: schoolIdBody, response: { 200: done } },
  }, async (req) => { await svc.setSchoolStatus(ctx, req.body.id, 1); return ok(null, '学校已开启'); });

  app.post('/admin/school/resetSchoolAdminPwd', {
    config: EDIT,
    schema: { ...school, summary: '重置学校管理员密码为初始密码 Jz@123456（其会话失效）', body: adminUserIdBody, response: { 200: res(passwordResetSchema) } },
  }, async (req) => {
    const r = await svc.resetSchoolAdminPassword(ctx, req.body.userId);
    return ok(r, `密码已重置为 ${r.password}`);
  });

  app.get('/admin/gradeRelation/adminQuerySchoolAllGradeInfoList/:schoolTenantId', {
    config: VIEW,
    schema: { ...school, summary: '学校的年级及各年级学科', params: schoolTenantParams, response: { 200: res(z.array(schoolGradeSchema)) } },
  }, async (req) => ok(await svc.schoolGradeList(ctx, req.params.schoolTenantId)));

  app.post('/admin/gradeRelation/adminAddSchoolManyGradeInfo/:schoolTenantId', {
    config: EDIT,
    schema: {
      ...school, summary: '为学校添加年级（年级字典 id），每个年级默认带全部字典学科；已有的年级跳过',
      params: schoolTenantParams, body: addGradesBody, response: { 200: res(addGradesResultSchema) },
    },
  }, async (req) => {
    const r = await svc.addSchoolGrades(ctx, req.params.schoolTenantId, req.body.gradeIds);
    return ok(r, r.added.length ? `已添加${r.added.length}个年级` : '所选年级学校均已存在');
  });

  app.get('/admin/grade/getAllList', {
    schema: { ...dict, summary: '年级字典', response: { 200: res(z.array(gradeDictSchema)) } },
  }, async () => ok(await svc.gradeDictList(ctx)));

  app.get('/admin/course/getAllList', {
    schema: { ...dict, summary: '学科字典', response: { 200: res(z.array(courseDictSchema)) } },
  }, async () => ok(await svc.courseDictList(ctx)));

  app.post('/admin/course/courses', {
    config: DICT,
    schema: { ...dict, summary: '新增（无 id）或修改（有 id）学科字典', body: courseSaveBody, response: { 200: idResult } },
  }, async (req) => ok(await svc.saveCourse(ctx, req.body), '保存成功'));

  app.delete('/admin/course/deleteByIds', {
    config: DICT,
    schema: { ...dict, summary: '删除学科字典（body 为 id 数组）；被学校年级使用的不能删除', body: idsBody, response: { 200: deletedResult } },
  }, async (req) => ok(await svc.deleteCourses(ctx, req.body), '删除成功'));

  await sysRoutes(base, ctx);
};
export default routes;
