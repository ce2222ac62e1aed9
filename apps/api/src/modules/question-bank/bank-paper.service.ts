/**
 * 组卷 papers kept in the bank: the questions in the teacher's order with their scores and section headings (大题).
 * Every teacher who reads the course's bank sees the school's papers of that course; the author, or whoever may edit
 * the course's questions, saves over or deletes one. Reopening answers the questions in the saved order.
 */
import type { PaperItem, SavedPaper } from '@jz/shared/api/question-bank-out';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { canEditQuestions, knownCourse } from './question-bank.service.js';
import * as bank from './question-bank.repository.js';
import * as repo from './bank-paper.repository.js';
import { TYPE_NAMES } from './paper-docx.js';

const itemsOf = (v: unknown) => (Array.isArray(v) ? v : []) as PaperItem[];

/** The saved paper of the caller's school (404 for another school's or an absent one). */
export async function paperOf(db: Db, user: SchoolUser, id: number) {
  const row = await repo.findPaper(db, user.schoolId, id);
  if (!row) throw notFound('试卷');
  return { ...row, items: itemsOf(row.items) };
}

const mayChange = (user: SchoolUser, row: { created_by: number | null; course_code: string }) =>
  row.created_by === user.id || canEditQuestions(user, row.course_code);

/** The paper's questions in paper order, all of the school and of the course. */
export async function paperQuestions(db: Db, user: SchoolUser, courseCode: string, items: PaperItem[]) {
  const ids = items.map((i) => i.questionId);
  if (new Set(ids).size !== ids.length) throw new BizError('试卷中有重复的试题');
  const rows = new Map((await bank.findQuestions(db, user.schoolId, ids)).map((r) => [r.id, r]));
  return items.map((it) => {
    const r = rows.get(it.questionId);
    if (!r) throw notFound('试题');
    if (r.course_code !== courseCode) throw new BizError('试卷中的试题须属于同一学科');
    return { ...r, score: it.score, section: it.section?.trim() || TYPE_NAMES[r.type] || r.type };
  });
}

export async function save(db: Db, user: SchoolUser, b: { id?: number; courseCode: string; title: string; items: PaperItem[] }) {
  await knownCourse(db, user, b.courseCode);
  const qs = await paperQuestions(db, user, b.courseCode, b.items);
  const items = JSON.stringify(qs.map((q) => ({ questionId: q.id, score: q.score, section: q.section })));
  return db.transaction().execute(async (tx) => {
    if (!b.id) return { id: await repo.insertPaper(tx, { school_id: user.schoolId, course_code: b.courseCode, title: b.title, items, created_by: user.id }) };
    const row = await repo.findPaper(tx, user.schoolId, b.id);
    if (!row) throw notFound('试卷');
    if (row.course_code !== b.courseCode) throw new BizError('试卷的学科不能更改');
    if (!mayChange(user, row)) throw forbidden();
    await repo.updatePaper(tx, user.schoolId, b.id, { title: b.title, items });
    return { id: b.id };
  });
}

export async function list(db: Db, user: SchoolUser, courseCode: string) {
  await knownCourse(db, user, courseCode);
  return (await repo.listPapers(db, user.schoolId, courseCode)).map((r) => {
    const items = itemsOf(r.items);
    return { id: r.id, title: r.title, questions: items.length, totalScore: items.reduce((a, i) => a + i.score, 0), updatedAt: new Date(r.updated_at).toISOString() };
  });
}

/** The saved paper as 组卷 shows it: questions in the saved order, with their sections, difficulty and points. */
export async function detail(db: Db, user: SchoolUser, id: number): Promise<SavedPaper> {
  const row = await paperOf(db, user, id);
  // a question deleted from the bank since is left out rather than failing the whole paper
  const present = new Set((await bank.findQuestions(db, user.schoolId, row.items.map((i) => i.questionId))).map((q) => q.id));
  const qs = await paperQuestions(db, user, row.course_code, row.items.filter((i) => present.has(i.questionId)));
  const points = await bank.pointsOfQuestions(db, qs.map((q) => q.id));
  const measured = qs.filter((q) => q.difficulty !== null);
  return {
    id: row.id, courseCode: row.course_code, title: row.title,
    items: qs.map((q) => ({
      questionId: q.id, section: q.section, type: q.type, score: q.score, stem: q.stem, difficulty: q.difficulty === null ? null : Number(q.difficulty),
      points: points.filter((p) => p.questionId === q.id).map((p) => p.name),
    })),
    meanDifficulty: measured.length ? measured.reduce((a, q) => a + Number(q.difficulty), 0) / measured.length : null,
    totalScore: qs.reduce((a, q) => a + q.score, 0),
  };
}

export async function remove(db: Db, user: SchoolUser, id: number) {
  const row = await paperOf(db, user, id);
  if (!mayChange(user, row)) throw forbidden();
  await repo.deletePaper(db, user.schoolId, id);
  return { id };
}
