import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobParams, jobSchema, type Job } from '@jz/shared/api/job';
import type { ModuleRoutes } from '../module-routes.js';
import { hasRole, userOf } from '../../core/auth.js';
import { envelope, forbidden, notFound, ok } from '../../core/http.js';
import { failStale, findJob } from './job.repository.js';

/**
 * GET /jobs/{id}: any job's state, progress and outcome from the job table, answered by every api instance.
 * Only the school's own jobs, to the user who started them or the school's administrator.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/jobs/:id', {
    schema: {
      tags: ['任务'],
      summary: '任务进度与结果（导入、发布、渲染等）：state queued/running/done/failed、进度 0–100、当前步骤；失败时 error、errorCode、errorData 与同步接口的拒绝相同，完成时 result 为同步接口的 data',
      params: jobParams, response: { 200: envelope(jobSchema.nullable()) },
    },
  }, async (req) => {
    const user = userOf(req);
    await failStale(ctx.db, undefined, req.params.id);
    const row = await findJob(ctx.db, req.params.id);
    if (!row) throw notFound('任务');
    if (row.schoolId !== user.schoolId) throw forbidden();
    if (row.createdBy !== user.id && !hasRole(user, 'school_admin')) throw forbidden();
    const failure = row.state === 'failed' ? (row.result as { error?: { code: number; data: unknown } } | null)?.error : undefined;
    const job: Job = {
      jobId: row.id, kind: row.kind, state: row.state, progress: row.progress, message: row.message, error: row.error,
      errorCode: row.state === 'failed' ? failure?.code ?? 400 : null, errorData: failure?.data ?? null,
      result: row.state === 'done' ? row.result : null,
      createdAt: new Date(row.createdAt).toISOString(), finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    };
    return ok(job, '查询成功');
  });
};
export default routes;
