import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { id } from '@jz/shared/api/common';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as s from './marking.schema.js';
import * as trial from './marking-trial.service.js';

const tags = ['网上阅卷'];

/**
 * 试评, the leader's routes (docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评"): exam:marking:do, and the service admits
 * the block's leaders only (题组长, subject leaders) of the caller's school.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { permission: 'exam:marking:do' };
  const done = { 200: envelope(z.null()) };
  // the leader's note (why), kept in 改分记录; left out, the row says the round's outcome
  const markerBody = z.object({ blockId: id, userId: id, reason: z.string().max(500, '原因不能超过 500 个字').optional() });

  app.get('/marking/trial/list', { config, schema: { tags, summary: '试评：试评卷与参考分，各阅卷老师的试评分与是否在误差内（题组长）', querystring: s.blockQuery, response: { 200: envelope(s.trialListSchema) } } },
    async (req) => ok(await trial.trialList(db, userOf(req), req.query.blockId), '查询成功'));
  app.post('/marking/trial/next', { config, schema: { tags, summary: '试评：取一份尚未设为试评卷的试卷（题组长给参考分）', body: z.object({ blockId: id, afterPaperId: id.optional() }), response: { 200: envelope(s.trialPaperSchema.nullable()) } } },
    async (req) => { const p = await trial.trialNext(db, userOf(req), req.body); return ok(p, p ? '查询成功' : '没有更多可设为试评卷的试卷'); });
  app.post('/marking/trial/set', { config, schema: { tags, summary: '试评：设为试评卷并给参考分（最多试评份数）', body: z.object({ blockId: id, paperId: id, scores: z.array(z.number()).max(200) }), response: { 200: envelope(z.object({ total: z.number(), count: z.number() })) } } },
    async (req) => ok(await trial.trialSet(db, userOf(req), req.body), '已设为试评卷'));
  app.post('/marking/trial/remove', { config, schema: { tags, summary: '试评：移除试评卷（已有人试评时不能移除）', body: z.object({ blockId: id, paperId: id }), response: done } },
    async (req) => { await trial.trialRemove(db, userOf(req), req.body); return ok(null, '已移除'); });
  app.post('/marking/trial/pass', { config, schema: { tags, summary: '试评通过：该老师开始正式阅卷', body: markerBody, response: done } },
    async (req) => { await trial.trialPass(db, userOf(req), req.body); return ok(null, '已通过，该老师可以正式阅卷'); });
  app.post('/marking/trial/redo', { config, schema: { tags, summary: '试评重评：该老师重新试评', body: markerBody, response: done } },
    async (req) => { await trial.trialRedo(db, userOf(req), req.body); return ok(null, '已要求重新试评'); });
};

export default routes;
