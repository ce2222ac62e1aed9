import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context.js';

/** A domain's routes: registered by modules/index.ts under its prefix (kept apart from index.ts so no module imports it back). */
export type ModuleRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;
