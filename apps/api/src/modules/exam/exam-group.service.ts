/** question_group: named groups of a subject's questions (题组). */
import type { Db } from '../../db/database.js';
import { BizError, notFound } from '../../core/http.js';
import { subjectFor, type SchoolUser } from './exam.access.js';
import * as repo from './exam.repository.js';

export async function findGroups(db: Db, user: SchoolUser, examSubjectId: number) {
  await subjectFor(db, user, examSubjectId);
  const [groups, questions] = await Promise.all([repo.groupsOf(db, examSubjectId), repo.questionsOf(db, [examSubjectId])]);
  return groups.map((g) => {
    const qs = questions.filter((q) => q.groupId === g.id);
    return { id: g.id, name: g.name, sort: g.sort, questionIds: qs.map((q) => q.id), questionNos: qs.map((q) => q.no) };
  });
}

export async function saveGroup(db: Db, user: SchoolUser, body: { examSubjectId: number; id?: number; name: string; questionIds: number[] }) {
  await subjectFor(db, user, body.examSubjectId, 'edit');
  const ids = [...new Set(body.questionIds)];
  if (ids.length) {
    const own = await db.selectFrom('question').select('id').where('exam_subject_id', '=', body.examSubjectId).where('is_total', '=', false).where('id', 'in', ids).execute();
    if (own.length !== ids.length) throw new BizError('题目不属于该科目');
  }
  const clash = await db.selectFrom('question_group').select('id').where('exam_subject_id', '=', body.examSubjectId).where('name', '=', body.name).executeTakeFirst();
  if (clash && clash.id !== body.id) throw new BizError(`题组“${body.name}”已存在`);
  await db.transaction().execute(async (tx) => {
    let groupId = body.id;
    if (groupId) {
      const g = await tx.selectFrom('question_group').select('id').where('id', '=', groupId).where('exam_subject_id', '=', body.examSubjectId).executeTakeFirst();
      if (!g) throw notFound('题组');
      await tx.updateTable('question_group').set({ name: body.name }).where('id', '=', groupId).execute();
      await tx.updateTable('question').set({ group_id: null }).where('group_id', '=', groupId).execute();
    } else {
      const max = await tx.selectFrom('question_group').select((eb) => eb.fn.max('sort').as('m')).where('exam_subject_id', '=', body.examSubjectId).executeTakeFirst();
      groupId = (await tx.insertInto('question_group').values({ exam_subject_id: body.examSubjectId, name: body.name, sort: Number(max?.m ?? 0) + 1 })
        .returning('id').executeTakeFirstOrThrow()).id;
    }
    if (ids.length) await tx.updateTable('question').set({ group_id: groupId }).where('id', 'in', ids).execute();
  });
  return findGroups(db, user, body.examSubjectId);
}

export async function deleteGroup(db: Db, user: SchoolUser, groupId: number) {
  const g = await db.selectFrom('question_group').select(['id', 'exam_subject_id']).where('id', '=', groupId).executeTakeFirst();
  if (!g) throw notFound('题组');
  await subjectFor(db, user, g.exam_subject_id, 'edit');
  await db.deleteFrom('question_group').where('id', '=', groupId).execute();
  return findGroups(db, user, g.exam_subject_id);
}
