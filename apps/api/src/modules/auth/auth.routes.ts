import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../index.js';
import { envelope, ok } from '../../core/http.js';

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>() as FastifyInstance & ReturnType<typeof base.withTypeProvider<ZodTypeProvider>>;
  app.get('/auth/publicKey', {
    config: { auth: 'public' },
    schema: { tags: ['登录'], summary: '获取密码加密公钥 (RSA-OAEP SHA-256)', response: { 200: envelope(z.string()) } },
  }, async () => ok(ctx.cipher.publicKeyPem));
};
export default routes;
