import { sql } from 'kysely';
import { classFullName } from '@jz/shared';
import type { GradeNode } from '@jz/shared/api/school-class';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden } from '../../core/http.js';
import { assertClassesVisible, assertFilterVisible, visibleClassIds, visibleGradeIds } from '../../core/scope.js';
import type { Db, Tx } from '../../db/database.js';
import { saveStudentTx, type StudentInput } from '../student/student.service.js';
import { classOfSchool, gradeOfSchool, guardInUse, uniqueIds, type SchoolUser } from './school-data.js';
import * as accounts from '../users/accounts.repository.js';

/**
 * Grade → class tree of what the caller may see (administrators: every grade, also those without classes),
 * optionally with the number of students and the head teacher of each class.
 */
export async function classTree(db: Db, user: SchoolUser, withCounts: boolean): Promise<GradeNode[]> {
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all' && !visible.length) return [];
  const classes = await db.selectFrom('school_class').select(['id', 'grade_id', 'name', 'class_type', 'sort'])
    .where('school_id', '=', user.schoolId).$if(visible !== 'all', (q) => q.where('id', 'in', visible as number[]))
    .orderBy('sort').orderBy('id').execute();
  const grades = await db.selectFrom('school_grade').select(['id', 'name', 'sort']).where('school_id', '=', user.schoolId)
    .orderBy('sort').orderBy('id').execute();
  const shown = visible === 'all' ? grades : grades.filter((g) => classes.some((c) => c.grade_id === g.id));
  const counts = new Map<number, number>();
  const heads = new Map<number, string[]>();
  if (withCounts && classes.length) {
    const ids = classes.map((c) => c.id);
    const rows = await db.selectFrom('student').select(['class_id', sql<number>`count(*)::int`.as('n')])
      .where('school_id', '=', user.schoolId).where('class_id', 'in', ids).groupBy('class_id').execute();
    rows.forEach((r) => counts.set(r.class_id!, r.n));
    const headRows = await db.selectFrom('user_role as r').innerJoin('app_user as u', 'u.id', 'r.user_id')
      .select(['r.class_id', 'u.user_name']).where('r.school_id', '=', user.schoolId).where('r.role_code', '=', 'head_teacher')
      .where('r.class_id', 'in', ids).orderBy('r.id').execute();
    headRows.forEach((r) => heads.set(r.class_id!, [...(heads.get(r.class_id!) ?? []), r.user_name]));
  }
  return shown.map((g) => ({
    id: g.id,
    name: g.name,
    sort: g.sort,
    classes: classes.filter((c) => c.grade_id === g.id).map((c) => ({
      id: c.id,
      name: c.name,
      fullName: classFullName(g.name, c.name),
      classType: c.class_type,
      sort: c.sort,
      gradeId: g.id,
      ...(withCounts ? { studentCount: counts.get(c.id) ?? 0, headTeacherName: heads.get(c.id)?.join('、') ?? null } : {}),
    })),
  }));
}

export async function classStudents(db: Db, user: SchoolUser, classId: number) {
  await classOfSchool(db, user, classId);
  await assertClassesVisible(db, user, [classId]);
  const rows = await db.selectFrom('student').select(['id', 'name', 'admission_no', 'gender', 'registration_type', 'class_id'])
    .where('school_id', '=', user.schoolId).where('class_id', '=', classId).orderBy('admission_no').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, admissionNo: r.admission_no, gender: r.gender, registrationType: r.registration_type, classId: r.class_id }));
}

/** Options for grade and class selects, limited to what the caller may see. */
export async function selects(db: Db, user: SchoolUser, gradeId?: number) {
  await assertFilterVisible(db, user, { gradeId });
  const tree = await classTree(db, user, false);
  const gradesVisible = await visibleGradeIds(db, user);
  const grades = await db.selectFrom('school_grade').select(['id', 'name']).where('school_id', '=', user.schoolId)
    .$if(gradesVisible !== 'all', (q) => q.where('id', 'in', (gradesVisible as number[]).length ? (gradesVisible as number[]) : [0]))
    .orderBy('sort').orderBy('id').execute();
  return {
    grades: grades.map((g) => ({ value: g.id, label: g.name })),
    classes: tree.filter((g) => !gradeId || g.id === gradeId)
      .flatMap((g) => g.classes.map((c) => ({ value: c.id, label: c.fullName, gradeId: g.id }))),
  };
}

/** A grade the caller may change classes of. */
async function editableGrade(tx: Tx, user: SchoolUser, gradeId: number) {
  const grade = await gradeOfSchool(tx, user, gradeId);
  const visible = await visibleGradeIds(tx, user);
  if (visible !== 'all' && !visible.includes(gradeId)) throw forbidden();
  return grade;
}

async function renumber(tx: Tx, ids: number[]): Promise<void> {
  for (const [i, id] of ids.entries()) await tx.updateTable('school_class').set({ sort: i + 1 }).where('id', '=', id).execute();
}

/** Puts the class at position `sort` (from 1) of its grade or of another grade (then its teachers' and students' roles follow). */
export async function moveClass(ctx: AppContext, user: SchoolUser, id: number, sort: number, gradeId?: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const cls = await classOfSchool(tx, user, id);
    await assertClassesVisible(tx, user, [id]);
    const targetGradeId = gradeId ?? cls.grade_id;
    const target = await editableGrade(tx, user, targetGradeId);
    if (targetGradeId !== cls.grade_id) {
      const clash = await tx.selectFrom('school_class').select('id').where('grade_id', '=', targetGradeId).where('name', '=', cls.name).executeTakeFirst();
      if (clash) throw new BizError(`${target.name}已有班级「${cls.name}」`);
      await tx.updateTable('school_class').set({ grade_id: targetGradeId }).where('id', '=', id).execute();
      await accounts.moveClassRoles(tx, id, targetGradeId);
      const rest = await tx.selectFrom('school_class').select('id').where('grade_id', '=', cls.grade_id).orderBy('sort').orderBy('id').execute();
      await renumber(tx, rest.map((r) => r.id));
    }
    const siblings = (await tx.selectFrom('school_class').select('id').where('grade_id', '=', targetGradeId).where('id', '!=', id)
      .orderBy('sort').orderBy('id').execute()).map((r) => r.id);
    siblings.splice(Math.min(sort, siblings.length + 1) - 1, 0, id);
    await renumber(tx, siblings);
  });
}

/** Adds `count` classes named after the highest 'k班' of the grade. */
export async function batchAdd(ctx: AppContext, user: SchoolUser, gradeId: number, count: number, classType: string) {
  return ctx.db.transaction().execute(async (tx) => {
    await editableGrade(tx, user, gradeId);
    const existing = await tx.selectFrom('school_class').select(['name', 'sort']).where('grade_id', '=', gradeId).execute();
    const maxNo = Math.max(0, ...existing.map((c) => /^(\d+)班$/.exec(c.name)).filter((m) => m).map((m) => Number(m![1])));
    const maxSort = Math.max(0, ...existing.map((c) => c.sort));
    const rows = await tx.insertInto('school_class').values(Array.from({ length: count }, (_, k) => ({
      school_id: user.schoolId, grade_id: gradeId, name: `${maxNo + k + 1}班`, class_type: classType, sort: maxSort + k + 1,
    }))).returning(['id', 'name']).execute();
    return rows;
  });
}

/** Deletes classes; refused (nothing deleted) while any of them has students. */
export async function deleteClasses(ctx: AppContext, user: SchoolUser, ids: number[]): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const unique = uniqueIds(ids);
    await assertClassesVisible(tx, user, unique);
    const classes = await tx.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name', 'g.name as gradeName']).where('c.id', 'in', unique).execute();
    const counts = await tx.selectFrom('student').select(['class_id', sql<number>`count(*)::int`.as('n')])
      .where('class_id', 'in', unique).groupBy('class_id').execute();
    const busy = classes.filter((c) => counts.some((n) => n.class_id === c.id && n.n > 0));
    if (busy.length) {
      const list = busy.map((c) => `${classFullName(c.gradeName, c.name)}（${counts.find((n) => n.class_id === c.id)!.n}人）`).join('、');
      throw new BizError(`班级中还有学生，不能删除：${list}。请先移出或删除学生`);
    }
    await guardInUse(() => tx.deleteFrom('school_class').where('id', 'in', unique).where('school_id', '=', user.schoolId).execute(),
      '班级已被考试使用，不能删除');
    return unique.length;
  });
}

export async function updateClass(ctx: AppContext, user: SchoolUser, id: number, name: string, classType?: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const cls = await classOfSchool(tx, user, id);
    await assertClassesVisible(tx, user, [id]);
    const clash = await tx.selectFrom('school_class').select('id').where('grade_id', '=', cls.grade_id).where('name', '=', name).where('id', '!=', id).executeTakeFirst();
    if (clash) throw new BizError(`${cls.gradeName}已有班级「${name}」`);
    await tx.updateTable('school_class').set({ name, ...(classType ? { class_type: classType } : {}) }).where('id', '=', id).execute();
  });
}

export async function saveClassStudent(ctx: AppContext, user: SchoolUser, input: StudentInput): Promise<number> {
  return ctx.db.transaction().execute((tx) => saveStudentTx(tx, user, input));
}
