import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../module-routes.js';
import { tokenOf, userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import * as s from './marking.schema.js';
import { LiveHub, sseEvent, type LiveStream } from './marking-live.hub.js';
import { monitorVersion, recheck } from './marking-live.service.js';
import { blockCharts } from './marking-charts.service.js';

const tags = ['阅卷设置'];
/** Bytes a stream may have waiting for a slow client before it is ended. */
const MAX_BUFFERED = 64 * 1024;
const blockChartsSchema = z.object({
  blockId: z.number(), blockName: z.string(), fullScore: z.number(), step: z.number(), bands: z.array(z.string()), hours: z.array(z.string()),
  markers: z.array(z.object({ userId: z.number(), userName: z.string(), counts: z.array(z.number()), perHour: z.array(z.number()) })),
});

/**
 * GET /marking/monitor/events?examId=: server-sent events for the monitor pages (docs/DECISIONS.md "Live marking
 * monitor"). After the access check the reply becomes a text/event-stream: `hello` with the exam's version, then
 * `changed` { version } whenever marking of the exam changes (on any instance), `: ping` heartbeats, and `end`
 * { reason } before the server closes it (logout, access lost, replaced by a newer stream of the user,
 * shutdown). A refusal is the usual JSON answer. The pages poll when the stream fails.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const hub = new LiveHub(db);
  app.addHook('preClose', async () => hub.closeAll());

  app.get('/marking/monitor/events', {
    config: { permission: 'exam:marking:do' },
    schema: { tags, summary: '阅卷监控实时事件（text/event-stream：hello、changed、end；题组长与可设置该科目者）', querystring: s.examQuery },
  }, async (req, reply) => {
    const user = userOf(req);
    const examId = req.query.examId;
    const version = await monitorVersion(db, user, examId);
    const token = tokenOf(req)!;
    const res = reply.raw;
    let open = true;
    const stream: LiveStream = {
      userId: user.id,
      examId,
      write: (text) => {
        if (!open || res.destroyed) return false;
        // a client that stopped reading: end it rather than buffer for it
        if (res.writableLength > MAX_BUFFERED) { stream.close(); return false; }
        res.write(text);
        return true;
      },
      close: () => { if (open) { open = false; res.end(); } },
      recheck: () => recheck(db, token, examId),
    };
    if (!hub.add(stream, version)) throw new BizError('实时连接过多，请稍后再试（页面将定时刷新）', 503);
    reply.hijack();
    // the headers set so far (helmet's security headers) go out with the stream's own
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | number | string[]>;
    res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write(`retry: 5000\n${sseEvent('hello', { version })}`);
    req.raw.on('close', () => { open = false; hub.remove(stream); });
  });

  app.get('/monitor/blockCharts', { schema: { tags, summary: '阅卷监控详情图表：题块内每位老师的分数分布与每小时阅卷量', querystring: s.blockQuery, response: { 200: envelope(blockChartsSchema) } } },
    async (req) => ok(await blockCharts(db, userOf(req), req.query.blockId), '查询成功'));
};

export default routes;
