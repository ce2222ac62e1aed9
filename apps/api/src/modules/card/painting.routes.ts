import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAINTING_PATHS as P, answerCardSchema, cardDeleteResultSchema, cardExamBody, cardExamQuery, cardPasswordBody, cardSettingsBody, cardSubjectBody,
  cardSummaryListSchema, schoolCardsPageSchema, schoolCardsQuery,
} from '@jz/shared/api/card';
import { examSubjectRelationSchema } from '@jz/shared/api/exam';
import { id } from '@jz/shared/api/common';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { getExamSubject } from '../exam/exam.service.js';
import * as service from './painting.service.js';
import { resetCard } from './card.service.js';

const tags = ['答题卡'];

/**
 * The spec's §7 card calls ("painting" = 答题卡; contract: PAINTING_PATHS in packages/shared/src/api/card.ts).
 * Aliases of card/find and card/reset answer exactly as those; permissions as the card routes (view: exam:exam:view,
 * changes: exam:exam:edit and, in the service, the right to edit the subject or, for a whole exam, the exam).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'exam:exam:view' };
  const edit = { permission: 'exam:exam:edit' };
  const card = { 200: envelope(answerCardSchema.nullable()) };
  const subjectParams = z.object({ id });

  app.get(`/${P.findExam}`, {
    config: view,
    schema: { tags, summary: '考试各科目的答题卡概况（是否已保存、标题、纸张、页数、已扫描批次、保存人与时间）', querystring: cardExamQuery, response: { 200: envelope(cardSummaryListSchema.nullable()) } },
  }, async (req) => ok(await service.examCards(db, userOf(req), req.query.examId), '查询成功'));

  app.post(`/${P.add}`, {
    config: edit,
    schema: { tags, summary: '新建答题卡：科目尚无答题卡时按设置保存（校验同 card/save）', body: cardSettingsBody, response: card },
  }, async (req) => ok(await service.addOrUpdate(db, userOf(req), req.body.examSubjectId, req.body.settings, 'add'), '保存成功'));

  app.post(`/${P.update}`, {
    config: edit,
    schema: { tags, summary: '修改答题卡：科目已有答题卡时按设置重新保存（校验同 card/save）', body: cardSettingsBody, response: card },
  }, async (req) => ok(await service.addOrUpdate(db, userOf(req), req.body.examSubjectId, req.body.settings, 'update'), '保存成功'));

  app.post(`/${P.deleteSingle}`, {
    config: edit,
    schema: { tags, summary: '删除一个科目的答题卡（同 card/reset：恢复默认答题卡）', body: cardSubjectBody, response: card },
  }, async (req) => ok(await resetCard(db, userOf(req), req.body.examSubjectId), '已恢复默认'));

  app.post(`/${P.deleteAll}`, {
    config: edit,
    schema: { tags, summary: '删除考试全部科目的答题卡（需可编辑整场考试）', body: cardExamBody, response: { 200: envelope(cardDeleteResultSchema.nullable()) } },
  }, async (req) => ok(await service.deleteExamCards(db, userOf(req), req.body.examId), '已删除'));

  app.get(`/${P.school}`, {
    config: view,
    schema: { tags, summary: '本校已保存的答题卡（可见年级内；按保存时间倒序分页；可按考试筛选）', querystring: schoolCardsQuery, response: { 200: envelope(schoolCardsPageSchema.nullable()) } },
  }, async (req) => ok(await service.schoolCards(db, userOf(req), req.query), '查询成功'));

  app.get(`/${P.school}/:id`, {
    config: view,
    schema: { tags, summary: '一个考试科目的答题卡（id 为考试科目 id；同 card/find）', params: subjectParams, response: card },
  }, async (req) => ok(await service.getCard(db, userOf(req), req.params.id), '查询成功'));

  app.get(`/${P.relation}/:id`, {
    config: view,
    schema: { tags, summary: '考试科目详情（id 为考试科目 id；同 exam_manage/find_exam 中该科目，另含考试名称、类型、年级与状态）', params: subjectParams,
      response: { 200: envelope(examSubjectRelationSchema.nullable()) } },
  }, async (req) => ok(await getExamSubject(db, userOf(req), req.params.id), '查询成功'));

  app.delete(`/${P.delInfo}`, {
    config: edit,
    schema: { tags, summary: '删除科目的答题卡（尚未扫描时；已扫描需 speed/verifyPasswordDelPaint）', body: cardSubjectBody, response: card },
  }, async (req) => ok(await service.deleteUnusedCard(db, userOf(req), req.body.examSubjectId), '已删除答题卡'));

  app.delete(`/${P.delWithPassword}`, {
    config: edit,
    schema: { tags, summary: '验证登录密码（RSA 加密）后删除科目的答题卡（已扫描也可删除；已扫描批次保留识别时的版式）', body: cardPasswordBody, response: card },
  }, async (req) => ok(await service.deleteCardWithPassword(ctx, userOf(req), req.body), '已删除答题卡'));
};
export default routes;
