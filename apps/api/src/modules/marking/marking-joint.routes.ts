import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as s from './marking.schema.js';
import * as svc from './marking-joint.service.js';

const tags = ['阅卷设置'];

const teacherGroup = z.object({
  schoolId: z.number(), schoolName: z.string(), organiser: z.boolean(),
  teachers: z.array(z.object({ userId: z.number(), userName: z.string(), loginId: z.string() })),
});
const share = z.object({ schoolId: z.number().int().positive(), percent: z.number().int().min(0, '比例不能小于 0').max(100, '比例不能大于 100') });
const blockShares = z.object({ blockId: z.number(), blockName: z.string(), shares: z.array(share) });
const saveSharesBody = z.object({ blockId: z.number().int().positive(), shares: z.array(share).max(100) });

/**
 * 混合阅卷 of a joint exam (docs/DECISIONS.md "Joint exams: shared marking"): the organiser's teacher list across the
 * confirmed schools and the schools' shares of each block. The assignment itself is task_allocation/* as for any
 * exam; access is checked by the service (canEditSubject of the organiser).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  app.get('/joint_marking/teachers', {
    schema: { tags, summary: '混合阅卷：可选的阅卷老师，按学校分组（组织方在前；非联考时仅本校）', querystring: s.subjectQuery, response: { 200: envelope(z.array(teacherGroup)) } },
  }, async (req) => ok(await svc.teacherGroups(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.get('/joint_marking/shares', {
    schema: { tags, summary: '混合阅卷：各题块按学校分配的阅卷比例（空为自由领取）', querystring: s.subjectQuery, response: { 200: envelope(z.array(blockShares)) } },
  }, async (req) => ok(await svc.sharesOfSubject(db, userOf(req), req.query.examSubjectId), '查询成功'));
  app.post('/joint_marking/save_shares', {
    schema: { tags, summary: '混合阅卷：设置题块各校的阅卷比例（合计 100%；空列表为自由领取）', body: saveSharesBody, response: { 200: envelope(z.null()) } },
  }, async (req) => { await svc.saveShares(db, userOf(req), req.body); return ok(null, '保存成功'); });
};

export default routes;
