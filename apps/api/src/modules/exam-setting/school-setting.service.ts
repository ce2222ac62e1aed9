/**
 * 学校分析默认设置 (/analyzeManageSystemSettings/systemSetting; spec §7 systemSettings): the analysis settings a new
 * exam of the school starts with — rates, score and rank segments, 前N名, lines, critical range, 学业等级, G组 and the
 * student rules. Stored per school; nothing stored = the platform default. A new exam copies them into its own
 * settings when it is created, so changing a default later never changes an exam (nor its released reports); an
 * exam's 恢复默认 goes back to the school's default. Everyone who views exams reads them; the school administrator
 * changes them.
 */
import {
  SCHOOL_SETTING_FAMILIES, SETTING_DEFAULTS, SETTING_FAMILY_NAMES, SETTING_SCHEMAS, type SchoolSettingList, type SettingFamily,
} from '@jz/shared/api/exam-setting';
import type { Db } from '../../db/database.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as repo from './school-setting.repository.js';

const canEdit = (user: SchoolUser) => hasRole(user, 'school_admin') && user.permissions.has('exam:exam:edit');

/** The value a family's setting must pass, or the reason (the same check as an exam's setting). */
export function parseSetting(family: SettingFamily, value: unknown): string {
  const parsed = SETTING_SCHEMAS[family].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length ? `（${issue.path.join('.')}）` : '';
    throw new BizError(`${SETTING_FAMILY_NAMES[family]}设置不正确${at}：${issue.message}`);
  }
  return JSON.stringify(parsed.data);
}

/** The school's defaults by family (only the families a school may set). */
export async function schoolDefaults(db: Db, schoolId: number): Promise<Map<SettingFamily, unknown>> {
  const rows = await repo.schoolSettings(db, schoolId);
  return new Map(rows.filter((r) => SCHOOL_SETTING_FAMILIES.includes(r.family as SettingFamily)).map((r) => [r.family as SettingFamily, r.value]));
}

export async function querySchoolSettings(db: Db, user: SchoolUser): Promise<SchoolSettingList> {
  const rows = new Map((await repo.schoolSettings(db, user.schoolId)).map((r) => [r.family, r]));
  return {
    editable: canEdit(user),
    items: SCHOOL_SETTING_FAMILIES.map((family) => {
      const own = rows.get(family);
      return {
        family, familyName: SETTING_FAMILY_NAMES[family], value: own ? own.value : SETTING_DEFAULTS[family], isDefault: !own,
        defaultValue: SETTING_DEFAULTS[family], updatedAt: own ? new Date(own.updatedAt).toISOString() : null, updatedByName: own?.updatedByName ?? null,
      };
    }),
  };
}

export async function updateSchoolSetting(db: Db, user: SchoolUser, family: SettingFamily, value: unknown): Promise<SchoolSettingList> {
  if (!canEdit(user)) throw forbidden();
  const json = parseSetting(family, value);
  await db.transaction().execute((tx) => repo.upsertSchoolSetting(tx, user.schoolId, family, json, user.id));
  return querySchoolSettings(db, user);
}

/** Back to the platform default: one family, or all (family omitted). */
export async function resetSchoolSettings(db: Db, user: SchoolUser, family?: SettingFamily): Promise<SchoolSettingList> {
  if (!canEdit(user)) throw forbidden();
  await db.transaction().execute((tx) => repo.deleteSchoolSettings(tx, user.schoolId, family ? [family] : undefined));
  return querySchoolSettings(db, user);
}
