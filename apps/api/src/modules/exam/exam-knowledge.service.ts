/** Knowledge points of a subject's questions. */
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { subjectFor, type SchoolUser } from './exam.access.js';
import { findQuestions } from './exam-question.service.js';

export async function saveKnowledge(db: Db, user: SchoolUser, examSubjectId: number, items: { questionId: number; knowledgePoints: string[] }[]) {
  await subjectFor(db, user, examSubjectId, 'edit');
  const ids = [...new Set(items.map((i) => i.questionId))];
  const own = await db.selectFrom('question').select('id').where('exam_subject_id', '=', examSubjectId).where('id', 'in', ids).execute();
  if (own.length !== ids.length) throw new BizError('题目不属于该科目');
  await db.transaction().execute(async (tx) => {
    for (const item of items) {
      await tx.updateTable('question').set({ knowledge_points: [...new Set(item.knowledgePoints)] }).where('id', '=', item.questionId).execute();
    }
  });
  return findQuestions(db, user, examSubjectId);
}
