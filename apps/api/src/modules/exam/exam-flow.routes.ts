import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flowFinishedBody, flowQuery, flowStatusSchema, SUBJECT_FLOW_STEPS, type FlowStatus } from '@jz/shared/api/flow';
import type { Db } from '../../db/database.js';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { subjectFor, type SchoolUser } from './exam.access.js';
import * as repo from './exam.repository.js';

/**
 * The exam subject's steps (contract: packages/shared/src/api/flow.ts): recorded tokens (exam_subject.flow_status:
 * question, scan, score, or any step recorded by flow/finished) plus what the data shows (a saved card, a release).
 */
async function flowStatus(db: Db, user: SchoolUser, examSubjectId: number): Promise<FlowStatus> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  const recorded = new Set(subject.flow_status.split(',').filter(Boolean));
  const card = await db.selectFrom('answer_card').select('id').where('exam_subject_id', '=', examSubjectId).where('school_id', '=', user.schoolId).executeTakeFirst();
  if (card) recorded.add('card');
  if (exam.releasedAt) recorded.add('release');
  const steps = SUBJECT_FLOW_STEPS.map((s) => ({ key: s.key, name: s.name, done: recorded.has(s.key) }));
  const finished = steps.filter((s) => s.done).map((s) => s.key);
  return { examSubjectId, finished, examStateStr: finished.join(','), steps };
}

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['考试管理'];
  app.get('/flow/find_flow_status', {
    config: { permission: 'exam:exam:view' },
    schema: { tags, summary: '考试科目的步骤完成情况（小题设置、答题卡、扫描、成绩录入、成绩发布）', querystring: flowQuery, response: { 200: envelope(flowStatusSchema) } },
  }, async (req) => ok(await flowStatus(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/flow/finished', {
    config: { permission: 'exam:exam:view' },
    schema: { tags, summary: '记录考试科目的一个步骤已完成；返回已完成的步骤', body: flowFinishedBody, response: { 200: envelope(flowStatusSchema) } },
  }, async (req) => {
    const user = userOf(req);
    await subjectFor(db, user, req.body.examSubjectId, 'edit');
    await repo.markFlow(db, req.body.examSubjectId, req.body.flowStatus);
    return ok(await flowStatus(db, user, req.body.examSubjectId), '操作成功');
  });
};
export default routes;
