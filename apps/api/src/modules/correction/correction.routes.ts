import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  correctionApplyBody, correctionApproveBody, correctionFindQuery, correctionPageSchema, correctionRejectBody, correctionSchema,
} from '@jz/shared/api/report';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './correction.service.js';

const tags = ['成绩更正'];

/**
 * correction_score (correctionGrades): after release a question score changes only through apply → approve.
 * Apply: subject teacher of the class and course, lesson leader, grade leader, school admin. Approve/reject:
 * grade leader of the grade or school admin; approve recomputes scores, ranks and reports synchronously.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'exam:exam:view' };

  app.post('/correction_score/apply', {
    config: view,
    schema: { tags, summary: '申请更正一道题的得分（成绩发布后；新分数须在 0 与满分之间且为步长整数倍）', body: correctionApplyBody, response: { 200: envelope(correctionSchema.nullable()) } },
  }, async (req) => ok(await service.apply(db, userOf(req), req.body), '申请已提交'));

  app.get('/correction_score/find_page', {
    config: view,
    schema: { tags, summary: '更正申请列表（分页；可按状态 pending|approved|rejected 筛选；只列出调用者可申请的班级与学科）', querystring: correctionFindQuery, response: { 200: envelope(correctionPageSchema.nullable()) } },
  }, async (req) => ok(await service.findPage(db, userOf(req), req.query), '查询成功'));

  app.post('/correction_score/approve', {
    config: { permission: 'exam:exam:edit' },
    schema: { tags, summary: '通过更正申请：写入新分数并同步重新计算成绩、排名与全部分析报告（同一事务；不能重复审核）', body: correctionApproveBody, response: { 200: envelope(correctionSchema.nullable()) } },
  }, async (req) => ok(await service.approve(db, userOf(req), req.body.id), '已通过，成绩与报告已重新计算'));

  app.post('/correction_score/reject', {
    config: { permission: 'exam:exam:edit' },
    schema: { tags, summary: '驳回更正申请（须填写原因；不能重复审核）', body: correctionRejectBody, response: { 200: envelope(correctionSchema.nullable()) } },
  }, async (req) => ok(await service.reject(db, userOf(req), req.body.id, req.body.reason), '已驳回'));
};
export default routes;
