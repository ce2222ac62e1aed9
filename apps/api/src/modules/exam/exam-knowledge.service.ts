/** Knowledge points of a subject's questions. */
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { subjectFor, type SchoolUser } from './exam.access.js';
import { findQuestions } from './exam-question.service.js';
import * as questionRepo from './exam-question.repository.js';

export async function saveKnowledge(db: Db, user: SchoolUser, examSubjectId: number, items: { questionId: number; knowledgePoints: string[] }[]) {
  await subjectFor(db, user, examSubjectId, 'edit');
  const ids = [...new Set(items.map((i) => i.questionId))];
  const own = await questionRepo.ownQuestionIds(db, examSubjectId, ids);
  if (own.length !== ids.length) throw new BizError('题目不属于该科目');
  await db.transaction().execute(async (tx) => {
    for (const item of items) {
      await questionRepo.updateQuestion(tx, item.questionId, { knowledge_points: [...new Set(item.knowledgePoints)] });
    }
  });
  return findQuestions(db, user, examSubjectId);
}
