/**
 * 我的答题卡 (/examMarking/myAnwserCard; docs/DECISIONS.md "我的答题卡"): the answer cards of the exam subjects the
 * caller leads (may edit the subject: school administrator, the exam's grade leader, the subject's lesson
 * leader; or 题组长 of one of its blocks) or marks (a marker of one of its blocks), over the school's newest 100
 * exams. Each row links to the card preview and printing, which check access again.
 */
import type { AnswerCard } from '@jz/shared/api/card';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../core/http.js';
import { canEditSubject, subjectFor } from '../exam/exam.access.js';
import { getCard } from '../card/card.service.js';
import type { SchoolUser } from './marking.access.js';
import { subjectsWithCards } from './marking-cards.repository.js';
import * as repo from './marking.repository.js';

export const MY_CARD_EXAMS = 100;

export async function myCards(db: Db, user: SchoolUser) {
  const blocks = await repo.blocksOfUser(db, user.schoolId, user.id);
  const leads = new Set(blocks.filter((b) => b.leaderUserId === user.id).map((b) => b.examSubjectId));
  const marks = new Set(blocks.map((b) => b.examSubjectId));
  const out = [];
  for (const r of await subjectsWithCards(db, user.schoolId, MY_CARD_EXAMS)) {
    const role = canEditSubject(user, { gradeId: r.gradeId }, r.courseCode) ? '学科负责人' : leads.has(r.examSubjectId) ? '题组长' : marks.has(r.examSubjectId) ? '阅卷老师' : null;
    if (!role) continue;
    out.push({
      examId: r.examId, examName: r.examName, examSubjectId: r.examSubjectId, subjectName: r.subjectName, role,
      saved: r.cardUpdatedAt !== null, updatedAt: r.cardUpdatedAt ? new Date(r.cardUpdatedAt).toISOString() : null,
    });
  }
  return out;
}

/** answer/paintings: the subject's card (as card/find) for those who lead or mark the subject, as 我的答题卡. */
export async function markingCard(db: Db, user: SchoolUser, examSubjectId: number): Promise<AnswerCard> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  if (!canEditSubject(user, exam, subject.course_code) && !(await repo.blocksOfUser(db, user.schoolId, user.id)).some((b) => b.examSubjectId === subject.id)) throw forbidden();
  return getCard(db, user, examSubjectId);
}
