/** question_group: named groups of a subject's questions (题组). */
import type { Db } from '../../db/database.js';
import { BizError, notFound } from '../../core/http.js';
import { subjectFor, type SchoolUser } from './exam.access.js';
import * as repo from './exam.repository.js';
import * as questionRepo from './exam-question.repository.js';

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
    const own = await questionRepo.ownQuestionIds(db, body.examSubjectId, ids, true);
    if (own.length !== ids.length) throw new BizError('题目不属于该科目');
  }
  const clash = await questionRepo.groupByName(db, body.examSubjectId, body.name);
  if (clash && clash.id !== body.id) throw new BizError(`题组“${body.name}”已存在`);
  await db.transaction().execute(async (tx) => {
    let groupId = body.id;
    if (groupId) {
      const g = await questionRepo.findGroup(tx, groupId);
      if (!g || g.exam_subject_id !== body.examSubjectId) throw notFound('题组');
      await questionRepo.renameAndEmptyGroup(tx, groupId, body.name);
    } else {
      groupId = await questionRepo.insertGroup(tx, body.examSubjectId, body.name);
    }
    await questionRepo.setGroupOfQuestions(tx, ids, groupId);
  });
  return findGroups(db, user, body.examSubjectId);
}

export async function deleteGroup(db: Db, user: SchoolUser, groupId: number) {
  const g = await questionRepo.findGroup(db, groupId);
  if (!g) throw notFound('题组');
  await subjectFor(db, user, g.exam_subject_id, 'edit');
  await questionRepo.deleteGroup(db, groupId);
  return findGroups(db, user, g.exam_subject_id);
}
