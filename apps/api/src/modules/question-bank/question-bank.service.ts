/**
 * 校本题库 rules (docs/DOMAIN-RULES.md §11): every teacher of the school reads the bank; questions of a course are
 * written by the school administrator, grade leaders, and the course's lesson leaders and subject teachers; the
 * course's knowledge-point tree by the school administrator and the course's lesson leaders. Another school's
 * ids answer 404 (not in your school), nothing changed.
 */
import { buildTree, descendantIds, pathOf, type FlatPoint } from '@jz/shared/knowledge-tree';
import type { BankQuestion, KnowledgeNodeOut, ListQuery, SaveQuestionBody } from '@jz/shared/api/question-bank';
import type { Db, Tx } from '../../db/database.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { hasRole } from '../../core/auth.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as repo from './question-bank.repository.js';

export function canEditQuestions(user: SchoolUser, courseCode: string): boolean {
  if (hasRole(user, 'school_admin') || hasRole(user, 'grade_leader')) return true;
  return user.roles.some((r) => (r.roleCode === 'lesson_leader' || r.roleCode === 'subject_teacher') && r.courseCode === courseCode);
}

export function canEditTree(user: SchoolUser, courseCode: string): boolean {
  return hasRole(user, 'school_admin') || user.roles.some((r) => r.roleCode === 'lesson_leader' && r.courseCode === courseCode);
}

/** The course must be one the school's grades offer. */
export async function knownCourse(db: Db, user: SchoolUser, courseCode: string): Promise<string> {
  const course = (await repo.schoolCourses(db, user.schoolId)).find((c) => c.course_code === courseCode);
  if (!course) throw new BizError(`本校没有学科“${courseCode.slice(0, 20)}”`, 404);
  return course.course_name;
}

export async function courses(db: Db, user: SchoolUser) {
  const [list, counts] = await Promise.all([repo.schoolCourses(db, user.schoolId), repo.questionCounts(db, user.schoolId)]);
  const n = new Map(counts.map((c) => [c.course_code, c.n]));
  return list.map((c) => ({
    courseCode: c.course_code, courseName: c.course_name, questions: n.get(c.course_code) ?? 0,
    editable: canEditQuestions(user, c.course_code), treeEditable: canEditTree(user, c.course_code),
  }));
}

export async function tree(db: Db, user: SchoolUser, courseCode: string) {
  await knownCourse(db, user, courseCode);
  const [rows, counts] = await Promise.all([repo.pointsOf(db, user.schoolId, courseCode), repo.pointQuestionCounts(db, user.schoolId, courseCode)]);
  const n = new Map(counts.map((c) => [c.pointId, c.n]));
  const attach = (nodes: ReturnType<typeof buildTree>): KnowledgeNodeOut[] =>
    nodes.map((x) => ({ id: x.id, parentId: x.parentId, name: x.name, sort: x.sort, questions: n.get(x.id) ?? 0, children: attach(x.children) }));
  return { courseCode, nodes: attach(buildTree(rows)), editable: canEditTree(user, courseCode) };
}

async function editablePoint(db: Db | Tx, user: SchoolUser, pointId: number) {
  const p = await repo.findPoint(db, user.schoolId, pointId);
  if (!p) throw notFound('知识点');
  if (!canEditTree(user, p.course_code)) throw forbidden();
  return p;
}

export async function savePoint(db: Db, user: SchoolUser, body: { id?: number; courseCode: string; parentId?: number | null; name: string; sort: number }) {
  await knownCourse(db, user, body.courseCode);
  if (!canEditTree(user, body.courseCode)) throw forbidden();
  const parentId = body.parentId ?? null;
  return db.transaction().execute(async (tx) => {
    if (body.id) {
      const p = await editablePoint(tx, user, body.id);
      if (p.course_code !== body.courseCode) throw new BizError('知识点不属于该学科');
    }
    if (parentId !== null) {
      const parent = await repo.findPoint(tx, user.schoolId, parentId);
      if (!parent || parent.course_code !== body.courseCode) throw new BizError('上级知识点不存在');
      if (body.id) {
        const rows = await repo.pointsOf(tx, user.schoolId, body.courseCode);
        if (descendantIds(rows, body.id).includes(parentId)) throw new BizError('不能把知识点移到它自己或它的下级之下');
      }
      const depth = pathOf(await repo.pointsOf(tx, user.schoolId, body.courseCode), parentId).length;
      if (depth >= 4) throw new BizError('知识点最多四级');
    }
    const same = await repo.findSibling(tx, user.schoolId, body.courseCode, parentId, body.name);
    if (same && same.id !== body.id) throw new BizError(`同一级已有知识点“${body.name}”`);
    if (body.id) {
      await repo.updatePoint(tx, user.schoolId, body.id, { parent_id: parentId, name: body.name, sort: body.sort });
      return { id: body.id };
    }
    return { id: await repo.insertPoint(tx, { school_id: user.schoolId, course_code: body.courseCode, parent_id: parentId, name: body.name, sort: body.sort }) };
  });
}

/** Removes a point and its sub-points; questions keep their other points. */
export async function deletePoint(db: Db, user: SchoolUser, pointId: number) {
  await editablePoint(db, user, pointId);
  await repo.deletePoint(db, user.schoolId, pointId);
  return { deleted: 1 };
}

function num(v: string | null): number | null { return v === null ? null : Number(v); }

async function present(db: Db, schoolId: number, rows: repo.QuestionRow[], user: SchoolUser): Promise<BankQuestion[]> {
  const ids = rows.map((r) => r.id);
  const points = await repo.pointsOfQuestions(db, ids);
  const courseTrees = new Map<string, FlatPoint[]>();
  for (const c of new Set(rows.map((r) => r.course_code))) courseTrees.set(c, await repo.pointsOf(db, schoolId, c));
  return rows.map((r) => ({
    id: r.id, courseCode: r.course_code, type: r.type, stem: r.stem,
    options: (r.options as { label: string; content: string }[]) ?? [], answer: r.answer, analysis: r.analysis,
    difficulty: num(r.difficulty), discrimination: num(r.discrimination), tags: r.tags,
    points: points.filter((p) => p.questionId === r.id).map((p) => ({ id: p.id, name: p.name, path: pathOf(courseTrees.get(r.course_code)!, p.id).join(' / ') })),
    sourceExamId: r.exam_name === null ? null : r.source_exam_id, sourceExamName: r.exam_name, sourceQuestionNo: r.exam_name === null ? null : r.question_no,
    createdBy: r.created_by_name, updatedAt: new Date(r.updated_at).toISOString(), editable: canEditQuestions(user, r.course_code),
  }));
}

export async function list(db: Db, user: SchoolUser, f: ListQuery) {
  await knownCourse(db, user, f.courseCode);
  let pointIds: number[] | null = null;
  if (f.pointId) {
    const rows = await repo.pointsOf(db, user.schoolId, f.courseCode);
    pointIds = rows.some((r) => r.id === f.pointId) ? descendantIds(rows, f.pointId) : [];
  }
  const { ids, total } = await repo.searchQuestions(db, user.schoolId, f, pointIds);
  const records = await present(db, user.schoolId, await repo.findQuestions(db, user.schoolId, ids), user);
  return { records, total, current: f.current, size: f.size };
}

export async function detail(db: Db, user: SchoolUser, questionId: number) {
  const [row] = await repo.findQuestions(db, user.schoolId, [questionId]);
  if (!row) throw notFound('试题');
  return (await present(db, user.schoolId, [row], user))[0]!;
}

/** Options belong to choice questions only; a choice question needs two options and a key among them. */
function checkShape(b: SaveQuestionBody): void {
  const choice = b.type === 'single' || b.type === 'multiple';
  if (!choice) return;
  if (b.options.length < 2) throw new BizError('选择题至少需要 2 个选项');
  const labels = b.options.map((o) => o.label.toUpperCase());
  if (new Set(labels).size !== labels.length) throw new BizError('选项标号不能重复');
  const key = b.answer.toUpperCase().replace(/[\s,，、]/g, '');
  if (key && [...key].some((c) => !labels.includes(c))) throw new BizError(`答案“${b.answer.slice(0, 10)}”不在选项中`);
  if (b.type === 'single' && key.length > 1) throw new BizError('单选题只能有一个答案');
}

export async function save(db: Db, user: SchoolUser, b: SaveQuestionBody) {
  await knownCourse(db, user, b.courseCode);
  if (!canEditQuestions(user, b.courseCode)) throw forbidden();
  checkShape(b);
  return db.transaction().execute(async (tx) => {
    if (b.id) {
      const [head] = await repo.findQuestionHead(tx, user.schoolId, [b.id]);
      if (!head) throw notFound('试题');
      if (!canEditQuestions(user, head.course_code)) throw forbidden();
    }
    const pointIds = [...new Set(b.pointIds)];
    const points = await repo.pointsOf(tx, user.schoolId, b.courseCode);
    const unknown = pointIds.find((p) => !points.some((x) => x.id === p));
    if (unknown) throw new BizError('所选知识点不属于该学科');
    const values: repo.QuestionValues = {
      course_code: b.courseCode, type: b.type, stem: b.stem, options: JSON.stringify(b.type === 'single' || b.type === 'multiple' ? b.options : []),
      answer: b.answer, analysis: b.analysis, difficulty: b.difficulty ?? null, tags: [...new Set(b.tags)],
    };
    const id = b.id ?? await repo.insertQuestion(tx, user.schoolId, user.id, values);
    if (b.id) await repo.updateQuestion(tx, user.schoolId, b.id, values);
    await repo.replaceQuestionPoints(tx, id, pointIds);
    return { id };
  });
}

export async function remove(db: Db, user: SchoolUser, ids: number[]) {
  const heads = await repo.findQuestionHead(db, user.schoolId, ids);
  if (heads.length !== new Set(ids).size) throw notFound('试题');
  if (heads.some((h) => !canEditQuestions(user, h.course_code))) throw forbidden();
  const r = await repo.deleteQuestions(db, user.schoolId, ids);
  return { deleted: Number(r.numDeletedRows) };
}
