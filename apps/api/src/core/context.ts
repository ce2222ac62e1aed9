import type { Db } from '../db/database.js';
import type { AppConfig } from '../config.js';
import type { PasswordCipher } from './crypto.js';
import type { Mailer } from './mailer.js';
import type { JobQueue } from '../modules/job/job.service.js';
import type { Storage } from './storage.js';

/** What every module's routes and services get: the database, the config and the shared services. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  cipher: PasswordCipher;
  mailer: Mailer;
  /** The job layer's queue (in-process, or BullMQ when REDIS_URL is set) for all long work; state in the job table. */
  jobs: JobQueue;
  /** Where files live (scans, cut blocks, uploads, printed files): DATA_DIR/files or the S3 bucket (STORAGE). */
  storage: Storage;
}
