import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0006 from './migrations/0006_exam.js';
import * as m0007 from './migrations/0007_release.js';
import * as m0008 from './migrations/0008_answer_card.js';
import * as m0010 from './migrations/0010_jobs.js';

/** Migrations are listed here (not read from disk) so they run the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0006_exam': m0006,
  '0007_release': m0007,
  '0008_answer_card': m0008,
  '0010_jobs': m0010,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
}
