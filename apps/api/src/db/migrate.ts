import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0006 from './migrations/0006_exam.js';
import * as m0007 from './migrations/0007_release.js';
import * as m0008 from './migrations/0008_answer_card.js';
import * as m0009 from './migrations/0009_auth_hardening.js';
import * as m0010 from './migrations/0010_jobs.js';
import * as m0011 from './migrations/0011_student_portal_setting.js';
import * as m0013 from './migrations/0013_external_login.js';
import * as m0014 from './migrations/0014_scanning.js';
import * as m0015 from './migrations/0015_sheet_template.js';
import * as m0017 from './migrations/0017_subject_students_rooms.js';
import * as m0018 from './migrations/0018_marking.js';
import * as m0019 from './migrations/0019_elective.js';
import * as m0021 from './migrations/0021_marking_queue.js';
import * as m0023 from './migrations/0023_marking_live.js';
import * as m0026 from './migrations/0026_marking_trial.js';
import * as m0027 from './migrations/0027_block_region.js';
import * as m0028 from './migrations/0028_marking_change_shards.js';
import * as m0030 from './migrations/0030_elective_boxes.js';
import * as m0031 from './migrations/0031_scan_resume_budget.js';
import * as m0042 from './migrations/0042_scan_sheet.js';
import * as m0043 from './migrations/0043_exam_score_cells.js';
import * as m0045 from './migrations/0045_option_score.js';
import * as m0046 from './migrations/0046_school_analysis_setting.js';
import * as m0051 from './migrations/0051_joint_exam.js';
import * as m0080 from './migrations/0080_joint_marking.js';
import * as m0081 from './migrations/0081_joint_scoring.js';
import * as m0070 from './migrations/0070_assistant.js';
import * as m0083 from './migrations/0083_sign_up.js';
import * as m0084 from './migrations/0084_report_parts.js';
import * as m0075 from './migrations/0075_question_bank.js';
import * as m0082 from './migrations/0082_bank_question_source.js';
import * as m0092 from './migrations/0092_bank_paper.js';
import * as m0093 from './migrations/0093_report_part_versions.js';
import * as m0094 from './migrations/0094_report_part_text.js';

/** Migrations are listed here (not read from disk) so they run the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0006_exam': m0006,
  '0007_release': m0007,
  '0008_answer_card': m0008,
  '0009_auth_hardening': m0009,
  '0010_jobs': m0010,
  '0011_student_portal_setting': m0011,
  '0013_external_login': m0013,
  '0014_scanning': m0014,
  '0015_sheet_template': m0015,
  '0017_subject_students_rooms': m0017,
  '0018_marking': m0018,
  '0019_elective': m0019,
  '0021_marking_queue': m0021,
  '0023_marking_live': m0023,
  '0026_marking_trial': m0026,
  '0027_block_region': m0027,
  '0028_marking_change_shards': m0028,
  '0030_elective_boxes': m0030,
  '0031_scan_resume_budget': m0031,
  '0042_scan_sheet': m0042,
  '0043_exam_score_cells': m0043,
  '0045_option_score': m0045,
  '0046_school_analysis_setting': m0046,
  '0051_joint_exam': m0051,
  '0080_joint_marking': m0080,
  '0081_joint_scoring': m0081,
  '0070_assistant': m0070,
  '0083_sign_up': m0083,
  '0084_report_parts': m0084,
  '0075_question_bank': m0075,
  '0082_bank_question_source': m0082,
  '0092_bank_paper': m0092,
  '0093_report_part_versions': m0093,
  '0094_report_part_text': m0094,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface MigrateOptions {
  /** Runs once before anything is migrated when a database that has migrations already has more pending (backup). */
  beforePending?(pending: string[]): Promise<void>;
}

export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<void> {
  const migrator = new Migrator({ db, provider });
  if (options.beforePending) {
    const all = await migrator.getMigrations();
    const pending = all.filter((m) => !m.executedAt).map((m) => m.name);
    if (pending.length > 0 && pending.length < all.length) await options.beforePending(pending);
  }
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
}
