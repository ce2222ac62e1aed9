import type { Exam, ExamSubject } from '@/api/exam';

/** done: finished; todo: still to do; optional: not needed by every school (card, scanning when scores are imported); na: does not apply. */
export type StepState = 'done' | 'todo' | 'optional' | 'na';

export interface ReadinessStep { key: string; name: string; state: StepState; detail: string; path: string }

/** What 录入标准答案 says of the subject (standard_answer/find_answers), when it could be read. */
export interface KeyState { objectiveCount: number; missing: number }

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/**
 * A subject's way from set-up to release, step by step, from what the exam list and 录入标准答案 report
 * (docs/DECISIONS.md "考试准备进度"): each step's state, a one-line detail and the page that does it.
 */
export function readinessOf(exam: Pick<Exam, 'id' | 'status'>, s: ExamSubject, keys: KeyState | null): ReadinessStep[] {
  const q = `?examId=${exam.id}&examSubjectId=${s.id}`;
  const released = exam.status === 4;
  const questionsDone = s.totalsOnly || (s.questionCount > 0 && near(s.questionFullScore, s.fullScore));
  const steps: ReadinessStep[] = [];
  steps.push({
    key: 'question', name: '小题设置', path: `/examAnalysisMana/smallQuestionsEdit${q}`,
    state: questionsDone ? 'done' : 'todo',
    detail: s.totalsOnly ? '只录科目总分' : s.questionCount ? `${s.questionCount} 题，小题满分合计 ${s.questionFullScore} / ${s.fullScore} 分` : '还没有设置小题',
  });
  let answer: Pick<ReadinessStep, 'state' | 'detail'>;
  if (s.totalsOnly) answer = { state: 'na', detail: '只录科目总分，无需答案' };
  else if (!keys) answer = { state: 'todo', detail: '无法读取标准答案' };
  else if (!keys.objectiveCount) answer = { state: 'na', detail: s.questionCount ? '没有客观题' : '请先设置小题' };
  else if (keys.missing) answer = { state: 'todo', detail: `还有 ${keys.missing} 道客观题未录入答案` };
  else answer = { state: 'done', detail: `${keys.objectiveCount} 道客观题已录入答案` };
  steps.push({ key: 'answer', name: '标准答案', path: `/examDetailsEdit/enterStandardAnswer${q}`, ...answer });
  steps.push({
    key: 'card', name: '答题卡', path: s.usedCardType === 2 ? `/examDetailsEdit/templateConfirm${q}` : `/makeSheetCard${q}`,
    state: s.usedCardType ? 'done' : 'optional', detail: s.usedCardType ? s.usedCardTypeName : '未设置（只导入成绩时不需要）',
  });
  const scanned = s.uploadCount + s.missExamCount + s.abnormalCount;
  steps.push({
    key: 'scan', name: '扫描', path: `/examDetailsEdit/scanStudentHome${q}`,
    state: !scanned ? 'optional' : !s.noScanCount && !s.abnormalCount ? 'done' : 'todo',
    detail: scanned ? `上传成功 ${s.uploadCount}，缺考 ${s.missExamCount}，异常 ${s.abnormalCount}，未扫 ${s.noScanCount}` : '未扫描（只导入成绩时不需要）',
  });
  steps.push({
    key: 'score', name: '成绩录入', path: `/examDetailsEdit/scoreUpload?examId=${exam.id}`,
    state: exam.status >= 3 ? 'done' : 'todo',
    detail: s.scoredCount || s.absentCount ? `已有成绩 ${s.scoredCount} 人，缺考 ${s.absentCount} 人` : '还没有成绩',
  });
  steps.push({
    key: 'release', name: '成绩发布', path: `/examDetailsEdit/scoreUpload?examId=${exam.id}`,
    state: released ? 'done' : 'todo', detail: released ? '已发布' : exam.status === 3 ? '成绩已齐，待发布' : '成绩录入完成后发布',
  });
  return steps;
}

/** Steps still to do (optional and not-applying steps aside). */
export const todoCount = (steps: ReadinessStep[]) => steps.filter((x) => x.state === 'todo').length;
