import { COURSES } from '@jz/shared';
import type { SaveGradeCourseBody, SchoolGrade } from '@jz/shared/api/school-grade';
import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import { assertGradesVisible, visibleGradeIds } from '../../core/scope.js';
import type { Db } from '../../db/database.js';
import { gradeOfSchool, guardInUse, type SchoolUser } from '../school-class/school-data.js';
import * as repo from './school-grade.repository.js';

/** Grades of the school (those the caller may see) with their courses, by sort. */
export async function findGrades(db: Db, user: SchoolUser): Promise<SchoolGrade[]> {
  const visible = await visibleGradeIds(db, user);
  if (visible !== 'all' && !visible.length) return [];
  const grades = await repo.gradesOfSchool(db, user.schoolId, visible);
  if (!grades.length) return [];
  const courses = await repo.coursesOfGrades(db, user.schoolId, grades.map((g) => g.id));
  return grades.map((g) => ({
    id: g.id,
    name: g.name,
    gradeDictId: g.grade_dict_id,
    sort: g.sort,
    courses: courses.filter((c) => c.grade_id === g.id).map((c) => ({ id: c.id, courseCode: c.course_code, courseName: c.course_name, sort: c.sort })),
  }));
}

export async function findCourses(db: Db, user: SchoolUser, gradeId: number) {
  await gradeOfSchool(db, user, gradeId);
  await assertGradesVisible(db, user, [gradeId]);
  const rows = await repo.coursesOfGrades(db, user.schoolId, [gradeId]);
  return rows.map((c) => ({ id: c.id, courseCode: c.course_code, courseName: c.course_name, sort: c.sort }));
}

/**
 * Adds a grade from the grade dictionary (gradeDictId, no gradeId) and/or sets the grade's courses to exactly
 * `courseCodes` (codes of the course dictionary). Returns the grade id.
 */
export async function saveGradeCourse(ctx: AppContext, user: SchoolUser, body: SaveGradeCourseBody): Promise<number> {
  if (!body.gradeId && !body.gradeDictId) throw new BizError('请选择年级');
  return ctx.db.transaction().execute(async (tx) => {
    let gradeId = body.gradeId;
    if (gradeId) {
      await gradeOfSchool(tx, user, gradeId);
    } else {
      const dict = await repo.gradeDictEntry(tx, body.gradeDictId!);
      if (!dict) throw new BizError('年级字典中没有该年级');
      const exists = await repo.gradeNamed(tx, user.schoolId, dict.name);
      if (exists) throw new BizError(`年级「${dict.name}」已存在`);
      gradeId = await repo.insertGrade(tx, { school_id: user.schoolId, grade_dict_id: dict.id, name: dict.name, sort: dict.sort });
    }
    if (body.courseCodes) {
      const codes = [...new Set(body.courseCodes)];
      const dict = codes.length ? await repo.courseDictEntries(tx, codes) : [];
      const unknown = codes.filter((c) => !dict.some((d) => d.code === c));
      if (unknown.length) throw new BizError(`学科不存在：${unknown.join('、')}`);
      const current = await repo.gradeCourseRows(tx, gradeId);
      const removed = current.filter((c) => !codes.includes(c.course_code));
      if (removed.length) {
        await guardInUse(() => repo.deleteGradeCourses(tx, removed.map((r) => r.id)), '学科已被使用，无法移除');
      }
      const added = dict.filter((d) => !current.some((c) => c.course_code === d.code));
      if (added.length) {
        await repo.insertGradeCourses(tx, added.map((d) => ({
          school_id: user.schoolId, grade_id: gradeId!, course_code: d.code, course_name: d.name, sort: d.sort,
        })));
      }
    }
    return gradeId!;
  });
}

export async function deleteSingleCourse(ctx: AppContext, user: SchoolUser, gradeId: number, courseCode: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const grade = await gradeOfSchool(tx, user, gradeId);
    const [row] = await repo.gradeCourseRows(tx, gradeId, courseCode);
    const name = COURSES.find((c) => c.code === courseCode)?.name ?? courseCode;
    if (!row) throw new BizError(`年级「${grade.name}」没有学科「${name}」`);
    await guardInUse(() => repo.deleteGradeCourses(tx, [row.id]), `学科「${name}」已被使用，无法移除`);
  });
}

/** The platform dictionaries a school picks its grades and courses from. */
export async function findDictionaries(db: Db) {
  const [grades, courses] = await repo.dictionaries(db);
  return { grades, courses };
}
