import type { Db } from '../db/database.js';
import type { AppConfig } from '../config.js';
import type { PasswordCipher } from './crypto.js';
import type { Mailer } from './mailer.js';

/** What every module's routes and services get: the database, the config and the shared services. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  cipher: PasswordCipher;
  mailer: Mailer;
}
