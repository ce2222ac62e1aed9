import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { registerAuth } from './core/auth.js';
import { PasswordCipher } from './core/crypto.js';
import { BizError } from './core/http.js';
import { pgInputErrorMessage, registerInputGuard } from './core/input-guard.js';
import { registerSecurityHeaders } from './core/security.js';
import { Mailer } from './core/mailer.js';
import type { AppContext } from './core/context.js';
import { registerModules } from './modules/index.js';
import { sweepJobFiles } from './modules/render/render.jobs.js';
import { createJobQueue } from './modules/job/job.service.js';
import { storageOf } from './core/storage-open.js';
import { BUSY_CODE, BUSY_MESSAGE, isBusyError } from './core/busy.js';

z.config(z.locales.zhCN());

const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildOptions { db: Db; config: AppConfig; logger?: boolean }

export async function buildApp({ db, config, logger = false }: BuildOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  // JSON bodies: 1 MB (refused from Content-Length before reading; a route that needs more sets its own
  // bodyLimit). Uploads are multipart, limited per import kind (modules/excel/import-limits.ts).
  const app = Fastify({ logger, bodyLimit: JSON_BODY_LIMIT, requestTimeout: 120_000 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const cipher = await PasswordCipher.load(db);
  // The job layer's executors of this instance: everything in-process by default (Chromium starts on the first
  // render job); with REDIS_URL the default lane here and rendering on the workers (`npm run worker`) — unless
  // the database is the embedded one, which no worker process can open: then this instance prints too.
  const renderHere = config.renderConcurrency ?? (config.redisUrl && !config.databaseUrl ? 1 : undefined);
  const storage = storageOf(config);
  const jobs = createJobQueue(db, {
    redisUrl: config.redisUrl, queueName: config.jobQueue, concurrency: config.jobConcurrency, browserConcurrency: renderHere,
    dataDir: config.dataDir, storage, log: { error: (e: unknown) => app.log.error(e) },
  });
  const ctx: AppContext = { db, config, cipher, mailer: new Mailer(db, app.log, config.smtpUrl), jobs, storage };
  app.decorate('ctx', ctx);
  // Render job files are deleted after the retention: once at start and hourly (the timer never keeps the process alive).
  const sweep = () => void sweepJobFiles(storage, config.dataDir, config.renderFileTtlMs).catch((e) => app.log.warn(e));
  const sweeper = setInterval(sweep, 3600_000).unref();
  setImmediate(sweep);
  app.addHook('onClose', async () => { clearInterval(sweeper); await jobs.close(); await ctx.mailer.close(); });

  // One error handler: a BizError or a bad request is shown to the user in Chinese; a busy database asks to try again
  // (core/busy.ts); anything else is a 500 with no details.
  app.setErrorHandler((err, req, reply) => {
    // Refusals are not the route's success shape: skip its response schema.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (err instanceof BizError) return reply.status(200).send({ code: err.code, msg: err.message, data: err.data });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '') || (first?.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || '';
      return reply.status(200).send({ code: 400, msg: `参数错误${field ? `（${field}）` : ''}：${first?.message ?? '格式不正确'}`, data: null });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const tooLarge = (err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `请求内容过大（不能超过 ${JSON_BODY_LIMIT / 1024 / 1024} MB）` : '上传文件过大';
      const msg = status === 413 ? tooLarge : status === 404 ? '接口不存在' : '请求格式不正确';
      return reply.status(200).send({ code: status, msg, data: null });
    }
    // Safety net: a value PostgreSQL refuses (NUL, number or date out of range, too long) is bad input, not a crash.
    const pgInput = pgInputErrorMessage(err);
    if (pgInput) { req.log.warn({ err }, 'input refused by PostgreSQL'); return reply.status(200).send({ code: 400, msg: pgInput, data: null }); }
    if (isBusyError(err)) { req.log.warn({ err }, 'database busy: answered 请稍后重试'); return reply.status(200).send({ code: BUSY_CODE, msg: BUSY_MESSAGE, data: null }); }
    req.log.error(err);
    return reply.status(500).send({ code: 500, msg: '服务器内部错误', data: null });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ code: 404, msg: '接口不存在', data: null }));

  await registerSecurityHeaders(app);
  await app.register(multipart, { limits: { fileSize: 30 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: '大数据精准教学诊断平台 API', version: '0.1.0', description: '所有接口返回 { code, msg, data }，code 200 为成功。' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app, db);
  registerInputGuard(app);
  await registerModules(app, ctx);

  if (config.webDist && existsSync(config.webDist)) {
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  return app as FastifyInstance & { ctx: AppContext };
}

declare module 'fastify' {
  interface FastifyInstance { ctx: AppContext }
}
