import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolSettingFamilyBody, schoolSettingListSchema, schoolSettingUpdateBody } from '@jz/shared/api/exam-setting';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './school-setting.service.js';

const tags = ['考试分析设置'];

/** systemSettings: the school's analysis defaults for new exams (read: exam:exam:view; change: the school administrator). */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { permission: 'exam:exam:view' };
  const response = { 200: envelope(schoolSettingListSchema.nullable()) };

  app.get('/systemSettings/query', {
    config, schema: { tags, summary: '学校分析默认设置：新建考试采用的四率、分数段、名次段、前N名、上线分数线、临界生、学业等级、G组与学生规则（未设置的为平台默认）', response },
  }, async (req) => ok(await service.querySchoolSettings(db, userOf(req)), '查询成功'));
  app.post('/systemSettings/update', {
    config, schema: { tags, summary: '保存一类学校默认设置（学校管理员；按类校验；只影响之后新建的考试）', body: schoolSettingUpdateBody, response },
  }, async (req) => ok(await service.updateSchoolSetting(db, userOf(req), req.body.family, req.body.value), '保存成功'));
  app.post('/systemSettings/rollBackDefault', {
    config, schema: { tags, summary: '一类学校默认设置恢复为平台默认（学校管理员）', body: schoolSettingFamilyBody, response },
  }, async (req) => ok(await service.resetSchoolSettings(db, userOf(req), req.body.family), '已恢复平台默认'));
  app.post('/systemSettings/reset', {
    config, schema: { tags, summary: '全部学校默认设置恢复为平台默认（学校管理员）', response },
  }, async (req) => ok(await service.resetSchoolSettings(db, userOf(req)), '已全部恢复平台默认'));
};
export default routes;
