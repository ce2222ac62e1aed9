/** SQL of the question bank: knowledge points per course, questions and their points; every query names the school. */
import { sql } from 'kysely';
import type { ListQuery } from '@jz/shared/api/question-bank';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export function schoolCourses(db: Q, schoolId: number) {
  return db.selectFrom('school_grade_course').select(['course_code', sql<string>`min(course_name)`.as('course_name')])
    .where('school_id', '=', schoolId).groupBy('course_code').orderBy(sql`min(sort)`).orderBy('course_code').execute();
}

export function questionCounts(db: Q, schoolId: number) {
  return db.selectFrom('bank_question').select(['course_code', sql<number>`count(*)::int`.as('n')])
    .where('school_id', '=', schoolId).groupBy('course_code').execute();
}

export function pointsOf(db: Q, schoolId: number, courseCode: string) {
  return db.selectFrom('bank_knowledge_point').select(['id', 'parent_id as parentId', 'name', 'sort'])
    .where('school_id', '=', schoolId).where('course_code', '=', courseCode).orderBy('sort').orderBy('id').execute();
}

/** Questions per point of a course (a question counts once under each of its points). */
export function pointQuestionCounts(db: Q, schoolId: number, courseCode: string) {
  return db.selectFrom('bank_question_point as qp').innerJoin('bank_knowledge_point as p', 'p.id', 'qp.point_id')
    .select(['qp.point_id as pointId', sql<number>`count(*)::int`.as('n')])
    .where('p.school_id', '=', schoolId).where('p.course_code', '=', courseCode).groupBy('qp.point_id').execute();
}

export function findPoint(db: Q, schoolId: number, pointId: number) {
  return db.selectFrom('bank_knowledge_point').select(['id', 'course_code', 'parent_id', 'name'])
    .where('school_id', '=', schoolId).where('id', '=', pointId).executeTakeFirst();
}

export function findSibling(db: Q, schoolId: number, courseCode: string, parentId: number | null, name: string) {
  let q = db.selectFrom('bank_knowledge_point').select('id')
    .where('school_id', '=', schoolId).where('course_code', '=', courseCode).where('name', '=', name);
  q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
  return q.executeTakeFirst();
}

export async function insertPoint(db: Q, row: { school_id: number; course_code: string; parent_id: number | null; name: string; sort: number }) {
  return (await db.insertInto('bank_knowledge_point').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function updatePoint(db: Q, schoolId: number, pointId: number, set: { parent_id: number | null; name: string; sort: number }) {
  return db.updateTable('bank_knowledge_point').set(set).where('school_id', '=', schoolId).where('id', '=', pointId).execute();
}

export function deletePoint(db: Q, schoolId: number, pointId: number) {
  return db.deleteFrom('bank_knowledge_point').where('school_id', '=', schoolId).where('id', '=', pointId).execute();
}

const questionSelect = (db: Q, schoolId: number) => db.selectFrom('bank_question as q')
  .leftJoin('exam as e', (j) => j.onRef('e.id', '=', 'q.source_exam_id').on('e.school_id', '=', schoolId))
  .leftJoin('question as eq', 'eq.id', 'q.source_question_id')
  .leftJoin('app_user as u', 'u.id', 'q.created_by')
  .select(['q.id', 'q.course_code', 'q.type', 'q.stem', 'q.options', 'q.answer', 'q.analysis', 'q.difficulty', 'q.discrimination', 'q.tags',
    'q.source_exam_id', 'e.name as exam_name', 'eq.no as question_no', 'u.user_name as created_by_name', 'q.updated_at'])
  .where('q.school_id', '=', schoolId);

export type QuestionRow = Awaited<ReturnType<typeof findQuestions>>[number];

export function findQuestions(db: Q, schoolId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return questionSelect(db, schoolId).where('q.id', 'in', ids).orderBy('q.id', 'desc').execute();
}

/** Escapes LIKE wildcards so that a keyword is matched literally. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of question ids matching the filters (newest first) and the total. pointIds: a point and its sub-points. */
export async function searchQuestions(db: Q, schoolId: number, f: ListQuery, pointIds: number[] | null) {
  let q = db.selectFrom('bank_question as q').where('q.school_id', '=', schoolId).where('q.course_code', '=', f.courseCode);
  if (f.type) q = q.where('q.type', '=', f.type);
  if (f.keyword) q = q.where((eb) => eb.or([eb('q.stem', 'ilike', likeText(f.keyword!)), eb('q.analysis', 'ilike', likeText(f.keyword!))]));
  if (f.tag) q = q.where(sql<boolean>`${f.tag} = any(q.tags)`);
  if (f.difficultyMin !== undefined) q = q.where('q.difficulty', '>=', String(f.difficultyMin) as never);
  if (f.difficultyMax !== undefined) q = q.where('q.difficulty', '<=', String(f.difficultyMax) as never);
  if (f.sourceExamId) q = q.where('q.source_exam_id', '=', f.sourceExamId);
  if (pointIds) {
    if (!pointIds.length) return { ids: [] as number[], total: 0 };
    q = q.where((eb) => eb.exists(eb.selectFrom('bank_question_point as qp').select('qp.point_id').whereRef('qp.question_id', '=', 'q.id').where('qp.point_id', 'in', pointIds)));
  }
  const total = (await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  const rows = await q.select('q.id').orderBy('q.id', 'desc').limit(f.size).offset((f.current - 1) * f.size).execute();
  return { ids: rows.map((r) => r.id), total };
}

export function pointsOfQuestions(db: Q, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('bank_question_point as qp').innerJoin('bank_knowledge_point as p', 'p.id', 'qp.point_id')
    .select(['qp.question_id as questionId', 'p.id', 'p.name']).where('qp.question_id', 'in', ids).orderBy('p.sort').orderBy('p.id').execute();
}

export function findQuestionHead(db: Q, schoolId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('bank_question').select(['id', 'course_code']).where('school_id', '=', schoolId).where('id', 'in', ids).execute();
}

export interface QuestionValues {
  course_code: string; type: 'single' | 'multiple' | 'judge' | 'fill' | 'subjective'; stem: string; options: string; answer: string; analysis: string;
  difficulty: number | null; tags: string[];
}

export async function insertQuestion(db: Q, schoolId: number, userId: number, v: QuestionValues) {
  return (await db.insertInto('bank_question').values({ ...v, school_id: schoolId, created_by: userId }).returning('id').executeTakeFirstOrThrow()).id;
}

export function updateQuestion(db: Q, schoolId: number, questionId: number, v: QuestionValues) {
  return db.updateTable('bank_question').set({ ...v, updated_at: new Date() }).where('school_id', '=', schoolId).where('id', '=', questionId).execute();
}

export async function replaceQuestionPoints(db: Q, questionId: number, pointIds: number[]) {
  await db.deleteFrom('bank_question_point').where('question_id', '=', questionId).execute();
  if (pointIds.length) await db.insertInto('bank_question_point').values(pointIds.map((p) => ({ question_id: questionId, point_id: p }))).execute();
}

export function deleteQuestions(db: Q, schoolId: number, ids: number[]) {
  return db.deleteFrom('bank_question').where('school_id', '=', schoolId).where('id', 'in', ids).executeTakeFirst();
}
