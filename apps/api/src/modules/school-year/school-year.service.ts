import type { SaveSchoolYearBody, SchoolYear } from '@jz/shared/api/school-year';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden } from '../../core/http.js';
import type { Db } from '../../db/database.js';
import { guardInUse, type SchoolUser } from '../school-class/school-data.js';
import * as repo from './school-year.repository.js';

/** The school's years, newest first, each with its terms by start date. */
export async function findYears(db: Db, user: SchoolUser): Promise<SchoolYear[]> {
  const years = await repo.yearsOfSchool(db, user.schoolId);
  if (!years.length) return [];
  const terms = await repo.termsOfSchool(db, user.schoolId);
  return years.map((y) => ({
    id: y.id, name: y.name, startDate: y.startDate, endDate: y.endDate, isCurrent: y.is_current,
    semesters: terms.filter((t) => t.school_year_id === y.id)
      .map((t) => ({ id: t.id, name: t.name, startDate: t.startDate, endDate: t.endDate, isCurrent: t.is_current })),
  }));
}

export async function findYearCodes(db: Db, user: SchoolUser) {
  const rows = await repo.yearsOfSchool(db, user.schoolId);
  return rows.map((r) => ({ id: r.id, name: r.name, isCurrent: r.is_current }));
}

const validDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** Checks the year's dates and terms (inside the year, ordered, not overlapping, unique names, current flags). */
function validate(body: SaveSchoolYearBody, yearIsCurrent: boolean): void {
  for (const d of [body.startDate, body.endDate, ...body.semesters.flatMap((s) => [s.startDate, s.endDate])]) {
    if (!validDate(d)) throw new BizError(`日期不存在：${d}`);
  }
  if (body.startDate >= body.endDate) throw new BizError('学年开始日期须早于结束日期');
  const [a, b] = body.name.split('-').map(Number);
  if (b !== a! + 1) throw new BizError('学年名称应为相邻两年，如 2026-2027');
  const names = new Set<string>();
  const terms = [...body.semesters].sort((x, y) => x.startDate.localeCompare(y.startDate));
  terms.forEach((s, i) => {
    if (names.has(s.name)) throw new BizError(`学期名称重复：${s.name}`);
    names.add(s.name);
    if (s.startDate >= s.endDate) throw new BizError(`${s.name}的开始日期须早于结束日期`);
    if (s.startDate < body.startDate || s.endDate > body.endDate) throw new BizError(`${s.name}须在学年的起止日期之内`);
    const prev = terms[i - 1];
    if (prev && s.startDate <= prev.endDate) throw new BizError(`${prev.name}与${s.name}的日期重叠`);
  });
  const current = body.semesters.filter((s) => s.isCurrent).length;
  if (current > 1) throw new BizError('只能有一个当前学期');
  if (yearIsCurrent && current !== 1) throw new BizError('当前学年须指定一个当前学期');
}

/**
 * Creates or updates a year with its whole term list (terms missing from the list are deleted).
 * isCurrent makes it the only current year; the current year cannot be un-set here (switch with update_grade).
 */
export async function saveYear(ctx: AppContext, user: SchoolUser, body: SaveSchoolYearBody): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const existing = body.id
      ? await repo.yearOfSchool(tx, user.schoolId, body.id)
      : undefined;
    if (body.id && !existing) throw forbidden();
    const anyCurrent = await repo.currentYear(tx, user.schoolId);
    if (existing?.is_current && !body.isCurrent) throw new BizError('必须有一个当前学年：请将其他学年设为当前学年');
    const isCurrent = body.isCurrent || !anyCurrent; // the school's first year becomes current
    if (isCurrent && !body.semesters.some((s) => s.isCurrent)) body.semesters[0]!.isCurrent = true;
    validate(body, isCurrent);
    const dup = await repo.yearNamed(tx, user.schoolId, body.name, body.id);
    if (dup) throw new BizError(`学年「${body.name}」已存在`);

    let yearId: number;
    const values = { name: body.name, start_date: body.startDate, end_date: body.endDate };
    if (existing) {
      yearId = existing.id;
      await repo.updateYear(tx, yearId, values);
    } else {
      yearId = await repo.insertYear(tx, user.schoolId, values);
    }
    const old = await repo.termIdsOfYear(tx, yearId);
    for (const s of body.semesters) {
      if (s.id && !old.includes(s.id)) throw new BizError('学期不属于该学年');
    }
    const keep = body.semesters.filter((s) => s.id).map((s) => s.id!);
    const removed = old.filter((o) => !keep.includes(o));
    if (removed.length) await guardInUse(() => repo.deleteTerms(tx, removed), '学期已被考试使用，无法删除');
    // Temporarily rename kept terms so a swap of names does not hit the unique (year, name) index.
    if (keep.length) await repo.renameTermsAside(tx, keep);
    for (const s of body.semesters) {
      const v = { name: s.name, start_date: s.startDate, end_date: s.endDate, is_current: s.isCurrent };
      if (s.id) await repo.updateTerm(tx, s.id, v);
      else await repo.insertTerm(tx, user.schoolId, yearId, v);
    }
    if (isCurrent) await repo.setCurrentYear(tx, user.schoolId, yearId);
    return yearId;
  });
}

export async function deleteYear(ctx: AppContext, user: SchoolUser, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const year = await repo.yearOfSchool(tx, user.schoolId, id);
    if (!year) throw forbidden();
    if (year.is_current) throw new BizError('当前学年不能删除，请先将其他学年设为当前学年');
    await guardInUse(() => repo.deleteYear(tx, id), `学年「${year.name}」已被使用，无法删除`);
  });
}

/**
 * 学年切换: makes the year (and the given term, default its first) current. Classes and students are kept as they
 * are; promotion to the next grade is done by moving classes (pc_class/move_class_sort with gradeId).
 */
export async function switchCurrent(ctx: AppContext, user: SchoolUser, id: number, semesterId?: number): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const year = await repo.yearOfSchool(tx, user.schoolId, id);
    if (!year) throw forbidden();
    const terms = await repo.termIdsOfYear(tx, id);
    if (!terms.length) throw new BizError('该学年没有学期，请先添加学期');
    const termId = semesterId ?? terms[0]!;
    if (!terms.includes(termId)) throw new BizError('学期不属于该学年');
    await repo.setCurrentYear(tx, user.schoolId, id);
    await repo.setCurrentTerm(tx, id, termId);
  });
}
