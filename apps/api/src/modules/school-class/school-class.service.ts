import { classFullName } from '@jz/shared';
import type { GradeNode } from '@jz/shared/api/school-class';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden } from '../../core/http.js';
import { assertClassesVisible, assertFilterVisible, visibleClassIds, visibleGradeIds } from '../../core/scope.js';
import type { Db, Tx } from '../../db/database.js';
import { saveStudentTx, type StudentInput } from '../student/student.service.js';
import { classOfSchool, gradeOfSchool, guardInUse, uniqueIds, type SchoolUser } from './school-data.js';
import * as accounts from '../users/accounts.repository.js';
import * as repo from './school-class.repository.js';

/**
 * Grade → class tree of what the caller may see (administrators: every grade, also those without classes),
 * optionally with the number of students and the head teacher of each class.
 */
export async function classTree(db: Db, user: SchoolUser, withCounts: boolean): Promise<GradeNode[]> {
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all' && !visible.length) return [];
  const classes = await repo.classesOfSchool(db, user.schoolId, visible);
  const grades = await repo.gradesOfSchool(db, user.schoolId);
  const shown = visible === 'all' ? grades : grades.filter((g) => classes.some((c) => c.grade_id === g.id));
  const counts = new Map<number, number>();
  const heads = new Map<number, string[]>();
  if (withCounts && classes.length) {
    const ids = classes.map((c) => c.id);
    const rows = await repo.studentCounts(db, ids, user.schoolId);
    rows.forEach((r) => counts.set(r.class_id!, r.n));
    const headRows = await repo.headTeachers(db, user.schoolId, ids);
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
  const rows = await repo.studentsOfClass(db, user.schoolId, classId);
  return rows.map((r) => ({ id: r.id, name: r.name, admissionNo: r.admission_no, gender: r.gender, registrationType: r.registration_type, classId: r.class_id }));
}

/** Options for grade and class selects, limited to what the caller may see. */
export async function selects(db: Db, user: SchoolUser, gradeId?: number) {
  await assertFilterVisible(db, user, { gradeId });
  const tree = await classTree(db, user, false);
  const gradesVisible = await visibleGradeIds(db, user);
  const grades = await repo.gradesOfSchool(db, user.schoolId, gradesVisible);
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

/** Puts the class at position `sort` (from 1) of its grade or of another grade (then its teachers' and students' roles follow). */
export async function moveClass(ctx: AppContext, user: SchoolUser, id: number, sort: number, gradeId?: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const cls = await classOfSchool(tx, user, id);
    await assertClassesVisible(tx, user, [id]);
    const targetGradeId = gradeId ?? cls.grade_id;
    const target = await editableGrade(tx, user, targetGradeId);
    if (targetGradeId !== cls.grade_id) {
      const clash = await repo.classNamed(tx, targetGradeId, cls.name);
      if (clash) throw new BizError(`${target.name}已有班级「${cls.name}」`);
      await repo.setGrade(tx, id, targetGradeId);
      await accounts.moveClassRoles(tx, id, targetGradeId);
      await repo.renumber(tx, await repo.classIdsOfGrade(tx, cls.grade_id));
    }
    const siblings = await repo.classIdsOfGrade(tx, targetGradeId, id);
    siblings.splice(Math.min(sort, siblings.length + 1) - 1, 0, id);
    await repo.renumber(tx, siblings);
  });
}

/** Adds `count` classes named after the highest 'k班' of the grade. */
export async function batchAdd(ctx: AppContext, user: SchoolUser, gradeId: number, count: number, classType: string) {
  return ctx.db.transaction().execute(async (tx) => {
    await editableGrade(tx, user, gradeId);
    const existing = await repo.namesAndSorts(tx, gradeId);
    const maxNo = Math.max(0, ...existing.map((c) => /^(\d+)班$/.exec(c.name)).filter((m) => m).map((m) => Number(m![1])));
    const maxSort = Math.max(0, ...existing.map((c) => c.sort));
    const rows = await repo.insertClasses(tx, Array.from({ length: count }, (_, k) => ({
      school_id: user.schoolId, grade_id: gradeId, name: `${maxNo + k + 1}班`, class_type: classType, sort: maxSort + k + 1,
    })));
    return rows;
  });
}

/** Deletes classes; refused (nothing deleted) while any of them has students. */
export async function deleteClasses(ctx: AppContext, user: SchoolUser, ids: number[]): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const unique = uniqueIds(ids);
    await assertClassesVisible(tx, user, unique);
    const classes = await repo.classesWithGrade(tx, unique);
    const counts = await repo.studentCounts(tx, unique);
    const busy = classes.filter((c) => counts.some((n) => n.class_id === c.id && n.n > 0));
    if (busy.length) {
      const list = busy.map((c) => `${classFullName(c.gradeName, c.name)}（${counts.find((n) => n.class_id === c.id)!.n}人）`).join('、');
      throw new BizError(`班级中还有学生，不能删除：${list}。请先移出或删除学生`);
    }
    await guardInUse(() => repo.deleteClasses(tx, user.schoolId, unique),
      '班级已被考试使用，不能删除');
    return unique.length;
  });
}

export async function updateClass(ctx: AppContext, user: SchoolUser, id: number, name: string, classType?: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const cls = await classOfSchool(tx, user, id);
    await assertClassesVisible(tx, user, [id]);
    const clash = await repo.classNamed(tx, cls.grade_id, name, id);
    if (clash) throw new BizError(`${cls.gradeName}已有班级「${name}」`);
    await repo.renameClass(tx, id, name, classType);
  });
}

export async function saveClassStudent(ctx: AppContext, user: SchoolUser, input: StudentInput): Promise<number> {
  return ctx.db.transaction().execute((tx) => saveStudentTx(tx, user, input));
}
