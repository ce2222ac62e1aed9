import type { Db } from '../db/database.js';
import type { AppConfig } from '../config.js';
import type { PasswordCipher } from './crypto.js';
import type { Mailer } from './mailer.js';
import type { RenderQueue } from '@jz/render-service';
import type { JobQueue } from '../modules/job/job.service.js';

/** What every module's routes and services get: the database, the config and the shared services. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  cipher: PasswordCipher;
  mailer: Mailer;
  /** The one render queue of this app (in-process, or BullMQ when REDIS_URL is set); Chromium starts on the first job. */
  render: RenderQueue;
  /** The api's job executors (in-process, or a BullMQ worker on every instance when REDIS_URL is set); state in the job table. */
  jobs: JobQueue;
}
