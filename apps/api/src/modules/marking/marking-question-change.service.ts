/**
 * A subject's question set changed under online marking (question_template/save; docs/DOMAIN-RULES.md §4.1 "A
 * question changed under marking"). Once a question's block has a submitted mark, its number, type, full score,
 * step and 选做 group are fixed: the markers' scores were given on that scale. A question whose block has not
 * started may change, within its 给分点. Called inside the save's transaction (the exam's score lock).
 */
import { totalOf } from '@jz/analysis';
import type { Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import type { ScoreTx } from '../score/score-write.service.js';
import * as repo from './marking.repository.js';
import * as reopen from './marking-reopen.repository.js';
import { completeEachSchool } from './marking.settle.js';

/** A question of the saved set that changes: its number, and the new full score (null: removed or renumbered). */
export interface ChangedQuestion { id: number; no: string; fullScore: number | null }

/** Refuses a change of a question being marked, or a full score below the question's 给分点. */
export async function assertQuestionChangesAllowed(tx: Tx, examSubjectId: number, changed: ChangedQuestion[]): Promise<void> {
  if (!changed.length) return;
  const marked = await reopen.markedQuestions(tx, examSubjectId);
  const started = changed.find((q) => marked.has(q.id));
  if (started) {
    throw new BizError(`第 ${started.no} 题已开始网上阅卷（题块“${marked.get(started.id)}”），不能修改题号、题型、满分或步长，也不能删除；`
      + '如确需修改，请先在阅卷进度中清除该题块的阅卷数据');
  }
  const points = await repo.subjectPoints(tx, examSubjectId);
  for (const q of changed) {
    const sum = totalOf(((points.get(q.id) as repo.PointRow[] | undefined) ?? []).map((p) => p.fullScore));
    if (q.fullScore !== null && sum > q.fullScore) throw new BizError(`第 ${q.no} 题的给分点满分之和 ${sum} 超过新的满分 ${q.fullScore}，请先在设置给分点中修改`);
  }
}

/**
 * After the subject's question scores were cleared (clearScores): its final papers count as not written again,
 * so they are written back now if the subject's marking is complete (各校阅卷: each school's), else when it completes.
 */
export async function rewriteMarkedScores(tx: ScoreTx, examSubjectId: number): Promise<void> {
  if (await reopen.unwriteSubject(tx, examSubjectId)) await completeEachSchool(tx, examSubjectId);
}
