/** SQL of third-party sheet templates (sheet_template); every query names the caller's school. */
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export interface TemplateRow {
  imageKey: string; width: number; height: number; template: unknown; drawing: unknown; updatedAt: Date; updatedBy: string | null;
}

export async function findTemplate(q: Q, schoolId: number, examSubjectId: number): Promise<TemplateRow | undefined> {
  return q.selectFrom('sheet_template as t').leftJoin('app_user as u', 'u.id', 't.updated_by')
    .select(['t.image_key as imageKey', 't.width', 't.height', 't.template', 't.drawing', 't.updated_at as updatedAt', 'u.user_name as updatedBy'])
    .where('t.school_id', '=', schoolId).where('t.exam_subject_id', '=', examSubjectId).executeTakeFirst();
}

export async function saveTemplate(q: Q, v: { schoolId: number; examSubjectId: number; imageKey: string; width: number; height: number; template: unknown; drawing: unknown; userId: number }): Promise<void> {
  const row = {
    school_id: v.schoolId, image_key: v.imageKey, width: v.width, height: v.height, template: JSON.stringify(v.template),
    drawing: v.drawing === undefined ? null : JSON.stringify(v.drawing), updated_by: v.userId, updated_at: new Date(),
  };
  await q.insertInto('sheet_template').values({ exam_subject_id: v.examSubjectId, ...row })
    .onConflict((c) => c.column('exam_subject_id').doUpdateSet(row)).execute();
}
