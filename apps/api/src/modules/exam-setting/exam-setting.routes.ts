import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { querySettingQuery, rollBackSettingBody, settingIdParams, settingListSchema, updateSettingBody } from '@jz/shared/api/exam-setting';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './exam-setting.service.js';

const tags = ['考试分析设置'];

/**
 * systemConfig: per-exam analysis settings (rates, scoreSegment, rankSegment, nRank, onlineLines, criticalBuffer,
 * studyLevel, gGroups, subjectCombos, studentRules). Exam-wide edits: exam:exam:edit holders of the grade;
 * course-level edits also the subject's lesson leader (service).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'exam:exam:view' };

  app.get('/systemConfig/query', {
    config: view,
    schema: { tags, summary: '考试的全部分析设置（已保存的值或默认值，isDefault 标记；带 courseCode 时为该科目的设置）', querystring: querySettingQuery, response: { 200: envelope(settingListSchema.nullable()) } },
  }, async (req) => ok(await service.querySettings(db, userOf(req), req.query.examId, req.query.courseCode), '查询成功'));

  app.post('/systemConfig/update', {
    config: view,
    schema: { tags, summary: '保存一类分析设置（按类校验，如四率比例须在 0–1 之间从高到低）', body: updateSettingBody, response: { 200: envelope(settingListSchema.nullable()) } },
  }, async (req) => ok(await service.updateSetting(db, userOf(req), req.body as Parameters<typeof service.updateSetting>[2]), '保存成功'));

  app.post('/systemConfig/rollBackDefault', {
    config: view,
    schema: { tags, summary: '恢复一类设置的默认值（带 courseCode 时恢复该科目的设置，即沿用整场考试的设置）', body: rollBackSettingBody, response: { 200: envelope(settingListSchema.nullable()) } },
  }, async (req) => ok(await service.rollBack(db, userOf(req), req.body), '已恢复默认'));

  app.post('/systemConfig/reset/:id', {
    config: view,
    schema: { tags, summary: '按设置 id（查询结果中的 id）恢复默认', params: settingIdParams, response: { 200: envelope(settingListSchema.nullable()) } },
  }, async (req) => ok(await service.resetById(db, userOf(req), req.params.id), '已恢复默认'));
};
export default routes;
