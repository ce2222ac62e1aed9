/**
 * 组卷: choose bank questions by type, knowledge point and target difficulty (packages/shared paper-assembly.ts,
 * deterministic), then the teacher's order and section headings (as sent, or of a saved paper) go to Word
 * (paper-docx.ts) or into an exam subject's 小题 (题号, type, full score, key, knowledge points, section as 题组), from which modules/card draws the answer card as for any exam.
 */
import { assemblePaper } from '@jz/shared/paper-assembly';
import { descendantIds } from '@jz/shared/knowledge-tree';
import type { AssembleBody, Assembled, PaperItem } from '@jz/shared/api/question-bank-out';
import type { QuestionInput } from '@jz/shared/api/exam';
import type { Db } from '../../db/database.js';
import type { Storage } from '../../core/storage.js';
import { BizError, notFound } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { subjectFor } from '../exam/exam.access.js';
import { saveQuestions } from '../exam/exam-question.service.js';
import { paperOf, paperQuestions } from './bank-paper.service.js';
import { inlineImages } from './docx-import.service.js';
import { detail, knownCourse } from './question-bank.service.js';
import * as bank from './question-bank.repository.js';
import * as repo from './bank-out.repository.js';
import { paperDocx, TYPE_NAMES, type DocxQuestion } from './paper-docx.js';

type Item = PaperItem;

export async function assemble(db: Db, user: SchoolUser, b: AssembleBody): Promise<Assembled> {
  await knownCourse(db, user, b.courseCode);
  const types = b.parts.map((p) => p.type);
  if (new Set(types).size !== types.length) throw new BizError('每种题型只能出现一次');
  let pointIds: number[] | null = null;
  if (b.pointIds.length) {
    const rows = await bank.pointsOf(db, user.schoolId, b.courseCode);
    const unknown = b.pointIds.find((p) => !rows.some((r) => r.id === p));
    if (unknown) throw notFound('知识点');
    pointIds = [...new Set(b.pointIds.flatMap((p) => descendantIds(rows, p)))];
  }
  const rows = await repo.candidates(db, user.schoolId, b.courseCode, types, pointIds);
  const result = assemblePaper(rows.map((r) => ({ id: r.id, type: r.type, difficulty: r.difficulty === null ? null : Number(r.difficulty) })), b.parts, b.targetDifficulty);
  if (!result.ok) {
    throw new BizError(`题库中符合条件的试题不够：${result.shortages.map((s) => `${TYPE_NAMES[s.type]}只有 ${s.available} 道（需要 ${s.wanted} 道）`).join('；')}`);
  }
  const scoreOf = new Map(b.parts.map((p) => [p.type, p.score]));
  const found = new Map((await bank.findQuestions(db, user.schoolId, result.ids)).map((r) => [r.id, r]));
  const points = await bank.pointsOfQuestions(db, result.ids);
  const items = result.ids.map((i) => {
    const r = found.get(i)!;
    return {
      questionId: i, section: TYPE_NAMES[r.type] ?? r.type, type: r.type, score: scoreOf.get(r.type)!, stem: r.stem, difficulty: r.difficulty === null ? null : Number(r.difficulty),
      points: points.filter((p) => p.questionId === i).map((p) => p.name),
    };
  });
  return { items, meanDifficulty: result.meanDifficulty, totalScore: items.reduce((a, x) => a + x.score, 0) };
}

/** The paper to print or to write as 小题: a saved paper (its order and headings) or the items as sent. */
async function paperItems(db: Db, user: SchoolUser, b: { bankPaperId?: number; items?: Item[] }, courseCode: string) {
  if (b.bankPaperId) {
    const saved = await paperOf(db, user, b.bankPaperId);
    if (saved.course_code !== courseCode) throw new BizError('试卷中的试题须属于同一学科');
    return paperQuestions(db, user, courseCode, saved.items);
  }
  if (!b.items?.length) throw new BizError('试卷中没有试题');
  return paperQuestions(db, user, courseCode, b.items);
}

export async function exportDocx(db: Db, storage: Storage, user: SchoolUser, b: { courseCode: string; title: string; bankPaperId?: number; items?: Item[] }) {
  const courseName = await knownCourse(db, user, b.courseCode);
  const qs = await paperItems(db, user, b, b.courseCode);
  // imported pictures are served only with a session: the document carries them inline
  const inline = (html: string) => inlineImages(storage, user, html);
  const docx: DocxQuestion[] = await Promise.all(qs.map(async (q) => ({
    type: q.type, section: q.section, score: q.score, stem: await inline(q.stem), answer: q.answer, analysis: await inline(q.analysis),
    options: q.type === 'single' || q.type === 'multiple'
      ? await Promise.all(((q.options as { label: string; content: string }[]) ?? []).map(async (o) => ({ label: o.label, content: await inline(o.content) }))) : [],
  })));
  const total = qs.reduce((a, q) => a + q.score, 0);
  const bytes = await paperDocx(b.title, `${courseName} · 共 ${qs.length} 题 · 满分 ${total} 分`, docx);
  return { bytes, fileName: `${b.title}.docx` };
}

const judgeKey = (a: string) => (/^(正确|对|t|√)$/i.test(a.trim()) ? 'T' : /^(错误|错|f|×)$/i.test(a.trim()) ? 'F' : null);

/** The paper as an exam subject's 小题 (1, 2, … in the paper's order); the answer card follows from them. */
export async function toExam(db: Db, user: SchoolUser, b: { examSubjectId: number; bankPaperId?: number; items?: Item[] }) {
  const { subject } = await subjectFor(db, user, b.examSubjectId, 'edit');
  const qs = await paperItems(db, user, b, subject.course_code);
  const withPoints = await Promise.all(qs.map((q) => detail(db, user, q.id)));
  const inputs: QuestionInput[] = qs.map((q, i) => {
    const choice = q.type === 'single' || q.type === 'multiple';
    const answer = choice ? q.answer.toUpperCase().replace(/[^A-H]/g, '') || null : q.type === 'judge' ? judgeKey(q.answer) : null;
    return {
      no: String(i + 1), type: q.type, fullScore: q.score, step: Number.isInteger(q.score) ? 1 : 0.5, answer, groupName: q.section,
      knowledgePoints: withPoints[i]!.points.map((p) => p.name),
    } as QuestionInput;
  });
  await saveQuestions(db, user, b.examSubjectId, inputs, false);
  return { examSubjectId: b.examSubjectId, questions: inputs.length, fullScore: inputs.reduce((a, q) => a + q.fullScore, 0) };
}
