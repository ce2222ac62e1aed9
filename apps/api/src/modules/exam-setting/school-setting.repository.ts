/** SQL of the school's analysis defaults (school_analysis_setting) and their copy into a new exam. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export interface SchoolSettingRow { family: string; value: unknown; updatedAt: Date; updatedByName: string | null }

export function schoolSettings(q: Q, schoolId: number): Promise<SchoolSettingRow[]> {
  return q.selectFrom('school_analysis_setting as s').leftJoin('app_user as u', 'u.id', 's.updated_by')
    .select(['s.family', 's.value', 's.updated_at as updatedAt', 'u.user_name as updatedByName'])
    .where('s.school_id', '=', schoolId).execute();
}

export async function upsertSchoolSetting(q: Q, schoolId: number, family: string, value: string, userId: number): Promise<void> {
  await sql`insert into school_analysis_setting (school_id, family, value, updated_by, updated_at) values (${schoolId}, ${family}, ${value}::jsonb, ${userId}, now())
    on conflict (school_id, family) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at`.execute(q);
}

/** Removes the school's value of one family, or of every family (families omitted). */
export async function deleteSchoolSettings(q: Q, schoolId: number, families?: string[]): Promise<void> {
  let d = q.deleteFrom('school_analysis_setting').where('school_id', '=', schoolId);
  if (families) d = d.where('family', 'in', families);
  await d.execute();
}

/** A new exam takes the school's defaults as its own exam-wide settings (a copy: later changes of the defaults leave it). */
export async function copySchoolDefaultsToExam(tx: Tx, schoolId: number, examId: number, userId: number): Promise<void> {
  await sql`insert into exam_setting (exam_id, course_code, family, value, updated_by)
    select ${examId}, null, family, value, ${userId} from school_analysis_setting where school_id = ${schoolId}`.execute(tx);
}
