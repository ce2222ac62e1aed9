/**
 * Report api: reads the stored report set (report.store), applies the request filters and cuts it by role
 * (docs/DOMAIN-RULES.md §1). Every number is the engine's (packages/analysis, computed at release); this module only
 * selects, masks and relabels. Rules of the contract: packages/shared/src/api/report.ts.
 *
 * Access per class of the exam: 'all' subjects (school admin, grade leader of the grade, head teacher of the
 * class) or a set of course codes (lesson leader of grade + course: every class; subject teacher: its class ×
 * course). The total column needs 'all' for the class; reports built on the total need it for some class.
 */
import { LEVEL_ASSIGNED_VARIANT, SCORE_TYPES, TOTAL_CODE, REPORT_ROUTES, REPORT_KEYS, TRANSCRIPT_FIELDS, type ReportKey, type ReportMeta, type ReportQuery, type TranscriptQuery } from '@jz/shared/api/report';
import type {
  ClassComparison, Comment, RegistrationComparison, GroupG, Online, Overview, Paper, RateCritical, ReportFilter, StudentProgress, StudentRef, StudentTop, StudentWeak,
  SubjectComparison, SubjectQuality, Transcript, SegmentTable,
} from '@jz/shared/api/report';
import type { Db } from '../../db/database.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import type { ReportSet, StoredClass, StoredReports, StudentIndex } from '../release/report-set.js';
import { classComment, studentComment } from './comment.js';
import { chooseSchool, narrowToSchool, sittingSchools, type SchoolChoice } from './report.school.js';
import { columnTable, examHeader, loadReportSet, reportHead, reportsFor, rowOrder, rowsAt, withFreshSet, type LoadedSet, type PartsNeed } from './report.store.js';

type ClassAccess = 'all' | Set<string>;

export interface Access {
  classes: Map<number, ClassAccess>;
  /** Every class of the exam is visible. */
  allClasses: boolean;
  canTotal: boolean;
  /** Subject codes visible in at least one class (exam subject order). */
  courses: string[];
}

export function accessFor(user: SchoolUser, set: ReportSet): Access {
  if (set.exam.schoolId !== user.schoolId) throw forbidden();
  const ids = new Set(set.classes.map((c) => c.id));
  const classes = new Map<number, ClassAccess>();
  const gradeWide = hasRole(user, 'school_admin') || user.roles.some((r) => r.roleCode === 'grade_leader' && r.gradeId === set.exam.gradeId);
  const add = (classId: number, course: string | null) => {
    if (!ids.has(classId)) return;
    const cur = classes.get(classId);
    if (cur === 'all') return;
    if (course === null) return void classes.set(classId, 'all');
    const s = cur ?? new Set<string>();
    s.add(course);
    classes.set(classId, s);
  };
  if (gradeWide) for (const id of ids) classes.set(id, 'all');
  else {
    for (const r of user.roles) {
      if (r.roleCode === 'lesson_leader' && r.gradeId === set.exam.gradeId && r.courseCode) for (const id of ids) add(id, r.courseCode);
      if (r.roleCode === 'head_teacher' && r.classId) add(r.classId, null);
      if (r.roleCode === 'subject_teacher' && r.classId && r.courseCode) add(r.classId, r.courseCode);
    }
  }
  if (!classes.size) throw forbidden();
  const values = [...classes.values()];
  const courses = set.subjects.map((s) => s.code).filter((code) => values.some((a) => a === 'all' || a.has(code)));
  if (!courses.length && !values.includes('all')) throw forbidden();
  return { classes, allClasses: classes.size === ids.size, canTotal: values.includes('all'), courses };
}

export function allowed(access: Access, classId: number, code: string): boolean {
  const a = access.classes.get(classId);
  if (!a) return false;
  if (code === TOTAL_CODE) return a === 'all';
  return a === 'all' || a.has(code);
}

export interface Ctx {
  loaded: LoadedSet;
  /** Joint exams' organiser only (the class rows cut to `chosen`). */
  schoolChoice?: SchoolChoice;
  set: ReportSet;
  /** The stored variant the filter asks for (variantOf), and its reports read so far. */
  variant: string;
  reports: StoredReports;
  access: Access;
  q: ReportQuery;
  meta: ReportMeta;
  /** The asked column: TOTAL or a subject code. */
  course: string;
}

const engineCourse = (courseCode: string) => (courseCode === '0' || courseCode === '' ? TOTAL_CODE : courseCode);

/**
 * Loads the exam's report set, checks the caller, resolves the filter (classes checked here; courses by single/multi).
 * `need`: the parts the caller's builder reads (report.parts.ts); without it the whole variant.
 */
export async function contextFor(db: Db, user: SchoolUser, q: ReportQuery, need?: PartsNeed): Promise<Ctx> {
  const exam = await examHeader(db, q.examId);
  if (!exam) throw new BizError('考试不存在', 404);
  if (exam.school_id !== user.schoolId) throw forbidden();
  const schools = exam.mode === 'joint' ? await sittingSchools(db, exam.id) : undefined;
  if (!schools && q.schoolId && q.schoolId !== user.schoolId) throw new BizError('该学校不在本次考试中');
  const ctx = await withFreshSet(db, exam.id, async (loaded) => {
    const wide = accessFor(user, loaded.set);
    const choice = schools ? await chooseSchool(loaded, wide, q, schools, user.schoolId) : undefined;
    const access = choice ? narrowToSchool(wide, choice.classSchool, choice.chosen) : wide;
    checkClassScope(loaded.set, access, q);
    return { ...resolveContext(loaded, loaded.set, access, q, await reportsFor(db, loaded, variantOf(loaded, q), need)), schoolChoice: choice };
  });
  if (!ctx) throw new BizError('该考试成绩尚未发布，暂无分析报告', 404);
  return ctx;
}

/** Scope first: a class outside the caller's scope is refused before any other check of the filters (the variant too). */
export function checkClassScope(set: ReportSet, access: Access, q: ReportQuery): void {
  if (!q.classId) return;
  if (!set.classes.some((c) => c.id === q.classId)) throw new BizError('该班级不在本次考试中');
  if (!access.classes.has(q.classId)) throw forbidden();
}

/** The stored variant a filter asks for ('0' = every student; one 学籍类型; 等级赋分), or a Chinese refusal. */
export function variantOf(loaded: LoadedSet, q: ReportQuery): string {
  const set = loaded.set;
  let variant = '0';
  if (q.registrationType !== '0') {
    if (loaded.variants.has(q.registrationType)) variant = q.registrationType;
    else if (!(set.registrationTypes.length === 1 && set.registrationTypes[0] === q.registrationType)) throw new BizError(`学籍类型“${q.registrationType}”不在本次考试中`);
  }
  if (q.scoreType === 2) {
    if (!loaded.variants.has(LEVEL_ASSIGNED_VARIANT)) throw new BizError('本次考试没有等级赋分科目（化学、生物、政治、地理），请选择原始分');
    if (q.registrationType !== '0') throw new BizError('等级赋分按全体考生计算，学籍类型请选择“全部”');
    variant = LEVEL_ASSIGNED_VARIANT;
  }
  return variant;
}

/**
 * The filter resolved against a loaded set and the caller's access (classes checked here; courses by single/multi).
 * `set` may be the loaded set relabelled (a joint exam's classes named with their school); `reports` is the
 * variant variantOf names, read (reportsOf).
 */
export function resolveContext(loaded: LoadedSet, set: ReportSet, access: Access, q: ReportQuery, reports: StoredReports): Ctx {
  checkClassScope(set, access, q);
  const course = engineCourse(q.courseCode);
  if (course !== TOTAL_CODE && !set.subjects.some((s) => s.code === course)) throw new BizError('该科目不在本次考试中');
  const cls = set.classes.find((c) => c.id === q.classId);
  const meta: ReportMeta = {
    examId: set.exam.id,
    examName: set.exam.name,
    gradeName: set.exam.gradeName,
    version: loaded.version,
    computedAt: loaded.computedAt,
    courseCode: course === TOTAL_CODE ? '0' : course,
    courseName: course === TOTAL_CODE ? set.settings.totalName : set.subjects.find((s) => s.code === course)!.name,
    classId: q.classId,
    className: cls ? cls.name : '全年级',
    classType: q.classType,
    registrationType: q.registrationType,
    scoreType: q.scoreType,
  };
  return { loaded, set, variant: variantOf(loaded, q), reports, access, q, meta, course };
}

/** A single-column report: the asked column must be visible (total: 'all' for some class; with classId, for that class). */
export function single(ctx: Ctx): string {
  const c = ctx.course;
  if (c === TOTAL_CODE ? !ctx.access.canTotal : !ctx.access.courses.includes(c)) throw forbidden();
  if (ctx.q.classId && !allowed(ctx.access, ctx.q.classId, c)) throw forbidden();
  return c;
}

/** A multi-column report: '0' = every visible column (subjects, then the total); a code = that column. */
export function multi(ctx: Ctx, withTotal = true): string[] {
  if (ctx.course !== TOTAL_CODE) return [single(ctx)];
  const cols = [...ctx.access.courses];
  const classOk = (code: string) => !ctx.q.classId || allowed(ctx.access, ctx.q.classId, code);
  if (withTotal && ctx.access.canTotal) cols.push(TOTAL_CODE);
  return cols.filter(classOk);
}

export function needTotal(ctx: Ctx) {
  if (!ctx.access.canTotal) throw forbidden();
  if (ctx.q.classId && !allowed(ctx.access, ctx.q.classId, TOTAL_CODE)) throw forbidden();
}

/** Classes shown as rows for a column: visible for it, and matching the classId / classType filter. */
export function rowClasses(ctx: Ctx, code: string | null): StoredClass[] {
  return ctx.set.classes.filter((c) => (code === null ? ctx.access.classes.has(c.id) : allowed(ctx.access, c.id, code))
    && (!ctx.q.classId || c.id === ctx.q.classId) && (!ctx.q.classType || c.classType === ctx.q.classType));
}

/** The variant's columns (subjects, then the total): from its transcript head, or its transcript (its rows' head). */
export const engineColumns = (reports: StoredReports) => reports.transcriptHead?.columns ?? reportHead(reports, 'transcript').columns;

export const columnOf = (ctx: Ctx, code: string) => {
  const c = engineColumns(ctx.reports).find((x) => x.code === code);
  if (!c) throw new BizError('该科目不在本次考试中');
  return { code: c.code, name: c.name, fullScore: c.fullScore, isTotal: c.isTotal };
};

const unitIndexes = new WeakMap<readonly { unitId: string }[], Map<string, number>>();

/**
 * Position of a class's unit in a stored list of units (-1: none), the list indexed once: a city's joint exam has
 * 2,000 classes, and looking each class up by a scan of the list made a report O(classes²).
 */
function unitPos(list: readonly { unitId: string }[], classId: number | null | undefined): number {
  let m = unitIndexes.get(list);
  if (!m) {
    const index = new Map<string, number>();
    list.forEach((u, i) => { if (!index.has(u.unitId)) index.set(u.unitId, i); });
    unitIndexes.set(list, m = index);
  }
  return m.get(String(classId)) ?? -1;
}

function unitOf<T extends { unitId: string }>(list: readonly T[], classId: number | null | undefined): T | undefined {
  const i = unitPos(list, classId);
  return i < 0 ? undefined : list[i];
}

function pageOf<T>(list: T[], current: number, size: number) {
  const start = (current - 1) * size;
  return { records: list.slice(start, start + size), total: list.length, current, size };
}

/**
 * The rows of a report stored in chunks (the transcript, 学生分析's list) whose student passes `keep` (their
 * position in the student index: class, name and 考号 are read there), in the report's order.
 */
function rowsWhere(ctx: Ctx, name: 'transcript' | 'students', keep: (index: StudentIndex, pos: number) => boolean): number[] {
  const order = rowOrder(ctx.loaded, ctx.variant, name);
  const index = ctx.loaded.students.index;
  const out: number[] = [];
  for (let r = 0; r < order.length; r++) if (order[r]! >= 0 && keep(index, order[r]!)) out.push(r);
  return out;
}

/** A page of the rows (or all of them), only the rows shown read and made into records. */
async function pageRows<N extends 'transcript' | 'students', R>(ctx: Ctx, name: N, shown: number[], page: { current: number; size: number }, all: boolean,
  fn: (x: Awaited<ReturnType<typeof rowsAt<N>>>[number]) => R) {
  const cut = all ? { records: shown, total: shown.length, current: 1, size: shown.length } : pageOf(shown, page.current, page.size);
  return { ...cut, records: (await rowsAt(ctx.loaded, ctx.variant, name, cut.records)).map(fn) };
}

// ---------------------------------------------------------------- filter

export function filter(ctx: Ctx): ReportFilter {
  const { set } = ctx;
  const choice = ctx.schoolChoice;
  // the organiser's classes of every school, each with its school: the web narrows them to the chosen one
  const access = choice?.wide ?? ctx.access;
  const visible = set.classes.filter((c) => access.classes.has(c.id));
  const totalFull = ctx.reports.overview.rows.find((r) => r.isTotal)?.fullScore ?? 0;
  const courses = [
    ...(access.canTotal ? [{ value: '0', label: set.settings.totalName, fullScore: totalFull }] : []),
    ...set.subjects.filter((s) => access.courses.includes(s.code)).map((s) => ({ value: s.code, label: s.name, fullScore: s.fullScore })),
  ];
  const classes = [
    ...(access.allClasses ? [{ value: 0, label: '全年级', classType: '' }] : []),
    ...visible.map((c) => ({ value: c.id, label: c.name, classType: c.classType, ...(choice ? { schoolId: choice.classSchool.get(c.id) ?? 0 } : {}) })),
  ];
  const types = [...new Set(visible.map((c) => c.classType).filter(Boolean))];
  return {
    meta: ctx.meta,
    courses,
    classes,
    classTypes: [{ value: '0', label: '全部' }, ...types.map((t) => ({ value: t, label: t }))],
    registrationTypes: [{ value: '0', label: '全部' }, ...set.registrationTypes.map((t) => ({ value: t, label: t }))],
    scoreTypes: SCORE_TYPES.filter((t) => t.value === 1 || ctx.loaded.variants.has(LEVEL_ASSIGNED_VARIANT)).map((t) => ({ ...t })),
    transcriptFields: TRANSCRIPT_FIELDS.map((f) => ({ value: f.value, label: f.label })),
    ...(choice ? { schools: [{ value: 0, label: '全部学校' }, ...choice.options.map((s) => ({ value: s.id, label: s.name }))] } : {}),
    defaults: {
      courseCode: courses[0]?.value ?? '0', classId: classes[0]?.value ?? 0, classType: '0', registrationType: '0', scoreType: 1,
      ...(choice ? { schoolId: choice.byDefault } : {}),
    },
    reports: reportKeysFor(access),
    canTotal: access.canTotal,
    studentRules: set.settings.studentRules,
    rateLabel: set.settings.rateLabel,
  };
}

export function reportKeysFor(access: { canTotal: boolean }): ReportKey[] {
  return REPORT_KEYS.filter((k) => access.canTotal || !REPORT_ROUTES[k].needsTotal);
}

// ---------------------------------------------------------------- overview, quality

type Rate = Overview['rows'][number]['rates'][number];
const rates = (list: { key: string; name: string; thresholdScore: number; below: boolean; count: number; share: number | null }[]): Rate[] =>
  list.map((r) => ({ key: r.key, name: r.name, thresholdScore: r.thresholdScore, below: r.below, count: r.count, share: r.share }));

/** A column's statistics for the grade (classId 0) or for the chosen class (its comparison row). */
function statsRow(ctx: Ctx, code: string): Overview['rows'][number] {
  const col = columnOf(ctx, code);
  if (!ctx.q.classId) {
    const r = ctx.reports.overview.rows.find((x) => x.code === code)!;
    return { ...col, sat: r.sat, absent: r.absent, count: r.count, mean: r.mean, sd: r.sd, max: r.max, min: r.min, median: r.median, q1: r.q1, q3: r.q3, scoreRate: r.scoreRate, rates: rates(r.rates) };
  }
  const table = columnTable(ctx.reports, 'classComparison', code)!;
  const u = unitOf(table.rows, ctx.q.classId);
  if (!u) return { ...col, sat: 0, absent: 0, count: 0, mean: null, sd: null, max: null, min: null, median: null, q1: null, q3: null, scoreRate: null, rates: [] };
  return { ...col, sat: u.count, absent: u.absent, count: u.count, mean: u.mean, sd: u.sd, max: u.max, min: u.min, median: u.median, q1: u.q1, q3: u.q3, scoreRate: u.scoreRate, rates: rates(u.rates) };
}

/** Students of the variant (its transcript rows) in the grade or in the asked class. */
function studentCount(ctx: Ctx): number {
  const head = ctx.reports.transcriptHead;
  if (!head) return ctx.reports.transcript.rows.filter((r) => !ctx.q.classId || Number(r.classId) === ctx.q.classId).length;
  return ctx.q.classId ? head.classCounts[String(ctx.q.classId)] ?? 0 : head.rowCount;
}

export function overview(ctx: Ctx): Overview {
  const cols = multi(ctx);
  const classIds = new Set(rowClasses(ctx, null).map((c) => c.id));
  return {
    meta: ctx.meta,
    studentCount: studentCount(ctx),
    classCount: ctx.q.classId ? 1 : ctx.set.classes.length,
    subjectCount: ctx.set.subjects.length,
    rows: cols.map((c) => statsRow(ctx, c)),
    absentStudents: absentees(ctx, cols, classIds),
  };
}

/**
 * The absent list follows the report's subjects: an absentee appears only for the subjects of the report's
 * columns that the caller sees in the student's class (a 数学 report lists no 物理-only absentee), with names.
 */
function absentees(ctx: Ctx, cols: string[], classIds: Set<number>): Overview['absentStudents'] {
  const nameOf = new Map(ctx.set.subjects.map((s) => [s.code, s.name]));
  return ctx.reports.overview.absentStudents.flatMap((a) => {
    const classId = ctx.loaded.students.classOf(a.studentId);
    if (!classIds.has(classId)) return [];
    const subjects = a.subjects.filter((s) => cols.includes(s) && allowed(ctx.access, classId, s));
    if (!subjects.length) return [];
    return [{ studentId: a.studentId, admissionNo: a.admissionNo, name: a.name, className: a.className, subjects, subjectNames: subjects.map((s) => nameOf.get(s) ?? s) }];
  });
}

export function subjectQuality(ctx: Ctx): SubjectQuality {
  const cols = multi(ctx, false);
  return {
    meta: ctx.meta,
    rows: cols.map((code) => {
      const p = ctx.reports.paper.find((t) => t.code === code);
      return { ...statsRow(ctx, code), difficulty: p?.difficulty ?? null, alpha: p?.alpha ?? null, kr20: p?.kr20 ?? null };
    }),
  };
}

// ---------------------------------------------------------------- transcript

export async function transcript(ctx: Ctx, q: TranscriptQuery, all = false): Promise<Transcript> {
  const listed = multi(ctx);
  // 总分 beside the names by default (a grade's 9 subjects × 3 values would push it pages away).
  const codes = q.totalPosition === 'last' ? listed : [...listed.filter((c) => c === TOTAL_CODE), ...listed.filter((c) => c !== TOTAL_CODE)];
  const engineCols = engineColumns(ctx.reports);
  const idx = codes.map((c) => engineCols.findIndex((x) => x.code === c));
  const classes = new Set(rowClasses(ctx, ctx.course === TOTAL_CODE ? null : ctx.course).map((c) => c.id));
  const kw = q.keyword?.trim();
  const want = new Set(q.fields);
  const shown = rowsWhere(ctx, 'transcript', (x, p) => classes.has(x.classIds[p]!) && (!kw || x.names[p]!.includes(kw) || x.admissionNos[p]!.includes(kw)));
  const page = await pageRows(ctx, 'transcript', shown, q, all, (r) => {
    const classId = Number(r.classId);
    const ok = codes.map((c) => allowed(ctx.access, classId, c));
    const pick = (list: (number | null)[]) => idx.map((i, k) => (ok[k] ? (list[i] ?? null) : null));
    return {
      examStudentId: Number(r.studentId),
      admissionNo: r.admissionNo,
      name: r.name,
      classId,
      className: r.className,
      registrationType: r.registrationType ?? '',
      scores: want.has('score') ? pick(r.scores) : [],
      classRanks: want.has('classRank') ? pick(r.classRanks) : [],
      gradeRanks: want.has('gradeRank') ? pick(r.gradeRanks) : [],
    };
  });
  return {
    meta: ctx.meta,
    columns: codes.map((c) => columnOf(ctx, c)),
    fields: TRANSCRIPT_FIELDS.map((f) => f.value).filter((f) => want.has(f)),
    ...page,
  };
}

// ---------------------------------------------------------------- segments

function segmentTable(ctx: Ctx, code: string): SegmentTable {
  const t = ctx.reports.scoreSegments.find((x) => x.code === code)!;
  const empty = t.segments.map(() => ({ count: 0, cumulative: 0 }));
  return {
    code: t.code, name: t.name, isTotal: t.isTotal, width: t.width,
    segments: t.segments.map((s) => ({ label: s.label, lower: s.lower, upper: s.upper })),
    grade: t.grade,
    classes: rowClasses(ctx, code).map((c) => ({ classId: c.id, className: c.name, cells: unitOf(t.units, c.id)?.cells ?? empty })),
  };
}

export const horizontalDistribution = (ctx: Ctx) => ({ meta: ctx.meta, table: segmentTable(ctx, single(ctx)) });
export const scoreSegment = (ctx: Ctx) => ({ meta: ctx.meta, tables: multi(ctx).map((c) => segmentTable(ctx, c)) });

export function rankSegment(ctx: Ctx) {
  return {
    meta: ctx.meta,
    tables: multi(ctx).map((code) => {
      const t = ctx.reports.rankSegments.find((x) => x.code === code)!;
      const empty = t.grade.map((g) => ({ ...g, count: 0, cumulative: 0 }));
      return {
        code: t.code, name: t.name, isTotal: t.isTotal, grade: t.grade,
        classes: rowClasses(ctx, code).map((c) => ({ classId: c.id, className: c.name, segments: unitOf(t.units, c.id)?.segments ?? empty })),
      };
    }),
  };
}

// ---------------------------------------------------------------- comparisons

export function classComparison(ctx: Ctx): ClassComparison {
  const code = single(ctx);
  const t = columnTable(ctx.reports, 'classComparison', code)!;
  const ref = t.reference;
  return {
    meta: ctx.meta,
    column: columnOf(ctx, code),
    grade: { count: ref.count, mean: ref.mean, sd: ref.sd, max: ref.max, min: ref.min, median: ref.median, q1: ref.q1, q3: ref.q3, absent: ref.absent, scoreRate: ref.scoreRate, rates: rates(ref.rates) },
    rows: rowClasses(ctx, code).map((c) => {
      const u = unitOf(t.rows, c.id);
      if (!u) return { classId: c.id, className: c.name, count: 0, mean: null, sd: null, max: null, min: null, median: null, q1: null, q3: null, absent: 0, scoreRate: null, overMeanRate: null, meanRank: null, rates: [] };
      return { classId: c.id, className: c.name, count: u.count, mean: u.mean, sd: u.sd, max: u.max, min: u.min, median: u.median, q1: u.q1, q3: u.q3, absent: u.absent, scoreRate: u.scoreRate, overMeanRate: u.overMeanRate, meanRank: u.meanRank, rates: rates(u.rates) };
    }),
  };
}

/**
 * 学籍对比: the chosen course per 学籍类型 beside the grade. Built over every student, not cut by class, so only
 * callers who see the whole grade (administrators, grade and subject-prep leaders) may open it.
 */
export function registrationComparison(ctx: Ctx): RegistrationComparison {
  if (!ctx.access.allClasses) throw forbidden();
  const code = single(ctx);
  const tables = ctx.reports.registrationComparison;
  if (!tables) throw new BizError('该考试的报告生成于学籍对比上线之前，请重新发布成绩后查看');
  const t = tables.find((x) => x.code === code)!;
  const ref = t.reference;
  return {
    meta: ctx.meta,
    column: columnOf(ctx, code),
    grade: { count: ref.count, mean: ref.mean, sd: ref.sd, max: ref.max, min: ref.min, median: ref.median, q1: ref.q1, q3: ref.q3, absent: ref.absent, scoreRate: ref.scoreRate, rates: rates(ref.rates) },
    rows: t.rows.map((u) => ({
      registrationType: u.unitName, count: u.count, mean: u.mean, sd: u.sd, max: u.max, min: u.min, median: u.median, q1: u.q1, q3: u.q3,
      absent: u.absent, scoreRate: u.scoreRate, overMeanRate: u.overMeanRate, meanRank: u.meanRank, rates: rates(u.rates),
    })),
  };
}

export function subjectComparison(ctx: Ctx): SubjectComparison {
  const codes = ctx.course === TOTAL_CODE ? multi(ctx) : [...ctx.access.courses, ...(ctx.access.canTotal ? [TOTAL_CODE] : [])];
  const sc = ctx.reports.subjectComparison;
  return {
    meta: ctx.meta,
    columns: codes.map((code) => {
      const c = sc.columns.find((x) => x.code === code)!;
      return { code: c.code, name: c.name, fullScore: c.fullScore, isTotal: c.isTotal, mean: c.mean, scoreRate: c.scoreRate };
    }),
    rows: rowClasses(ctx, null).map((c) => {
      const u = unitOf(sc.rows, c.id);
      const cell = (code: string) => {
        const v = u?.cells.find((x) => x.code === code);
        return v && allowed(ctx.access, c.id, code)
          ? { code, mean: v.mean, scoreRate: v.scoreRate, overMeanRate: v.overMeanRate, meanRank: v.meanRank }
          : { code, mean: null, scoreRate: null, overMeanRate: null, meanRank: null };
      };
      const full = allowed(ctx.access, c.id, TOTAL_CODE);
      return { classId: c.id, className: c.name, cells: codes.map(cell), strongest: full ? u?.strongest ?? null : null, weakest: full ? u?.weakest ?? null : null };
    }),
  };
}

export function groupG(ctx: Ctx): GroupG {
  needTotal(ctx);
  const g = ctx.reports.gGroups;
  const codes = [...ctx.access.courses, TOTAL_CODE];
  const idx = codes.map((c) => g.columns.findIndex((x) => x.code === c));
  return {
    meta: ctx.meta,
    columns: idx.map((i) => g.columns[i]!).map((c) => ({ code: c.code, name: c.name })),
    groups: g.groups.map((x) => ({ name: x.name, size: x.size, maxTotal: x.maxTotal, minTotal: x.minTotal, means: idx.map((i) => x.means[i] ?? null) })),
    classes: rowClasses(ctx, TOTAL_CODE).map((c) => {
      const u = unitOf(g.units, c.id);
      return { classId: c.id, className: c.name, counts: u?.counts ?? g.groups.map(() => 0), total: u?.total ?? 0 };
    }),
  };
}

export function quartile(ctx: Ctx) {
  const code = single(ctx);
  const t = ctx.reports.quartiles.find((x) => x.code === code)!;
  return {
    meta: ctx.meta,
    column: columnOf(ctx, code),
    grade: t.grade,
    classes: rowClasses(ctx, code).map((c) => {
      const u = unitOf(t.units, c.id);
      return u
        ? { classId: c.id, className: c.name, count: u.count, q1: u.q1, median: u.median, q3: u.q3, iqr: u.iqr, bands: u.bands }
        : { classId: c.id, className: c.name, count: 0, q1: null, median: null, q3: null, iqr: null, bands: [0, 0, 0, 0] };
    }),
  };
}

export function rateCritical(ctx: Ctx): RateCritical {
  const code = single(ctx);
  const t = columnTable(ctx.reports, 'rateCritical', code)!;
  const classes = rowClasses(ctx, code);
  const ids = new Set(classes.map((c) => c.id));
  return {
    meta: ctx.meta,
    column: columnOf(ctx, code),
    buffer: t.buffer ?? ctx.set.settings.criticalBuffer,
    levels: t.levels.map((l) => ({
      key: l.key, name: l.name, thresholdScore: l.thresholdScore, grade: l.grade,
      classes: classes.map((c) => {
        const u = unitOf(l.units, c.id);
        return { classId: c.id, className: c.name, reached: u?.reached ?? 0, below: u?.below ?? 0, above: u?.above ?? 0 };
      }),
      students: l.students.flatMap((s) => {
        const st = ctx.loaded.students.get(s.studentId);
        return st && ids.has(st.classId) ? [{ examStudentId: Number(s.studentId), name: s.name, classId: st.classId, className: st.className, score: s.score, gap: s.gap }] : [];
      }),
    })),
  };
}

export function online(ctx: Ctx): Online {
  needTotal(ctx);
  const classes = rowClasses(ctx, TOTAL_CODE);
  const ids = new Set(classes.map((c) => c.id));
  return {
    meta: ctx.meta,
    buffer: ctx.set.settings.criticalBuffer,
    lines: ctx.reports.online.map((l) => ({
      name: l.name, score: l.score, source: l.source, share: l.share, online: l.online,
      classes: classes.map((c) => {
        const u = unitOf(l.units, c.id);
        return { classId: c.id, className: c.name, sat: u?.sat ?? 0, online: u?.online ?? 0, share: u?.share ?? null, critical: u?.critical ?? 0 };
      }),
      subjects: l.subjects.filter((s) => ctx.access.courses.includes(s.code)).map((s) => ({
        code: s.code, name: s.name, effectiveScore: s.effectiveScore, grade: s.grade,
        classes: classes.map((c) => {
          const u = unitOf(s.units, c.id);
          return { classId: c.id, className: c.name, online: u?.online ?? 0, single: u?.single ?? 0, double: u?.double ?? 0, hitRate: u?.hitRate ?? null, contributionRate: u?.contributionRate ?? null };
        }),
      })),
      critical: l.critical.flatMap((s) => {
        const st = ctx.loaded.students.get(s.studentId);
        return st && ids.has(st.classId) ? [{ examStudentId: Number(s.studentId), name: s.name, classId: st.classId, className: st.className, total: s.total, gap: s.gap }] : [];
      }),
    })),
  };
}

export function paper(ctx: Ctx): Paper {
  let code = ctx.course;
  if (code === TOTAL_CODE) {
    code = ctx.access.courses.find((c) => !ctx.q.classId || allowed(ctx.access, ctx.q.classId, c)) ?? '';
    if (!code) throw forbidden();
  } else single(ctx);
  const t = ctx.reports.paper.find((x) => x.code === code)!;
  const seg = ctx.reports.scoreSegments.find((x) => x.code === code)!;
  const classes = rowClasses(ctx, code);
  const unitIdx = classes.map((c) => unitPos(t.units, c.id));
  const col = columnOf(ctx, code);
  return {
    meta: { ...ctx.meta, courseCode: code, courseName: col.name },
    column: col,
    // Report sets stored before SEM and the weighted 27 % groups have neither (null until released again).
    n: t.n, mean: t.mean, sd: t.sd, difficulty: t.difficulty, alpha: t.alpha, kr20: t.kr20, sem: t.sem ?? null,
    scoreDistribution: seg.segments.map((s, k) => ({ label: s.label, lower: s.lower, upper: s.upper, count: seg.grade[k]!.count, cumulative: seg.grade[k]!.cumulative })),
    classes: classes.map((c, k) => ({ classId: c.id, className: c.name, n: unitIdx[k]! >= 0 ? t.units[unitIdx[k]!]!.n : 0 })),
    questions: t.questions.map((x) => ({
      no: x.no, type: x.type, fullScore: x.fullScore, answer: x.answer ?? null, knowledgePoints: x.knowledgePoints ?? [], n: x.n, mean: x.mean, sd: x.sd, scoreRate: x.scoreRate,
      upperRate: x.upperRate ?? null, lowerRate: x.lowerRate ?? null, discrimination: x.discrimination, discriminationQuality: x.discriminationQuality, correlation: x.correlation, correlationQuality: x.correlationQuality,
      fullMarks: x.fullMarks, zeros: x.zeros, options: x.options ?? null,
      classMeans: unitIdx.map((i) => (i >= 0 ? x.unitMeans[i] ?? null : null)),
    })),
    // Report sets stored before knowledge points were analysed have no summary.
    knowledgePointSummary: t.knowledgePointSummary ?? [],
  };
}

// ---------------------------------------------------------------- comments and students

const nameOfCode = (ctx: Ctx, code: string | null | undefined) => (code ? ctx.set.subjects.find((s) => s.code === code)?.name ?? null : null);

type Balance = { change: number | null; strongSubject: string | null; weakSubject: string | null };
const balances = new WeakMap<object, Map<string, Balance>>();

/** Each student's balance (progress, strong and weak subject) by id, indexed once per stored variant. */
function balanceMap(ctx: Ctx): Map<string, Balance> {
  const stored = ctx.reports.balances;
  const key = stored ?? ctx.reports.students.students;
  let m = balances.get(key);
  if (m) return m;
  m = stored
    ? new Map(stored.ids.map((id, i) => [id, { change: stored.change[i] ?? null, strongSubject: stored.strong[i] ?? null, weakSubject: stored.weak[i] ?? null }]))
    : new Map(ctx.reports.students.students.map((s) => [s.studentId, s]));
  balances.set(key, m);
  return m;
}

export async function comment(ctx: Ctx, page: { current: number; size: number }, all = false): Promise<Comment> {
  const code = single(ctx);
  const t = columnTable(ctx.reports, 'classComparison', code)!;
  const classes = rowClasses(ctx, code);
  const sc = ctx.reports.subjectComparison;
  const courseName = code === TOTAL_CODE ? ctx.set.settings.totalName : nameOfCode(ctx, code) ?? code;
  const classRows = classes.map((c) => {
    const u = unitOf(t.rows, c.id);
    const s = code === TOTAL_CODE ? unitOf(sc.rows, c.id) : undefined;
    return {
      classId: c.id,
      className: c.name,
      comment: classComment({
        className: c.name, courseName, mean: u?.mean ?? null, gradeMean: t.reference.mean, overMeanRate: u?.overMeanRate ?? null,
        meanRank: u?.meanRank ?? null, classCount: t.rows.length, rates: (u?.rates ?? []).map((r) => ({ name: r.name, share: r.share, below: r.below })),
        strongest: nameOfCode(ctx, s?.strongest), weakest: nameOfCode(ctx, s?.weakest),
      }),
    };
  });
  let students: Comment['records'] = [];
  let listed = { total: 0, current: all ? 1 : page.current, size: all ? 0 : page.size };
  if (code === TOTAL_CODE) {
    const ids = new Set(classes.map((c) => c.id));
    const ti = engineColumns(ctx.reports).findIndex((c) => c.code === TOTAL_CODE);
    const balance = balanceMap(ctx);
    const sat = ctx.reports.overview.rows.find((r) => r.code === TOTAL_CODE)?.sat ?? 0;
    const classSat = new Map(t.rows.map((r) => [Number(r.unitId), r.count]));
    // the comments of the asked page only (written per student: 100,000 of them in a city's joint exam)
    const shown = rowsWhere(ctx, 'transcript', (x, p) => ids.has(x.classIds[p]!));
    const cut = await pageRows(ctx, 'transcript', shown, page, all, (r) => {
      const b = balance.get(r.studentId);
      return {
        examStudentId: Number(r.studentId), name: r.name, className: r.className,
        comment: studentComment({
          name: r.name, total: r.scores[ti] ?? null, gradeRank: r.gradeRanks[ti] ?? null, gradeCount: sat, classRank: r.classRanks[ti] ?? null,
          classCount: classSat.get(Number(r.classId)) ?? 0, change: b?.change ?? null, strongSubject: nameOfCode(ctx, b?.strongSubject), weakSubject: nameOfCode(ctx, b?.weakSubject),
        }),
      };
    });
    listed = { total: cut.total, current: cut.current, size: cut.size };
    students = cut.records;
  }
  return { meta: ctx.meta, classes: classRows, records: students, ...listed };
}

function refOf(ctx: Ctx, s: { studentId: string; name: string; total: number; gradeRank: number; unitRank: number; lastRank: number | null; compareRank?: number | null; change: number | null }): StudentRef {
  const st = ctx.loaded.students.get(s.studentId);
  // Report sets stored before the like-with-like comparison compared the total ranks.
  const compareRank = s.compareRank === undefined ? s.gradeRank : s.compareRank;
  return { examStudentId: Number(s.studentId), name: s.name, classId: st?.classId ?? 0, className: st?.className ?? '', total: s.total, gradeRank: s.gradeRank, classRank: s.unitRank, lastRank: s.lastRank, compareRank, change: s.change };
}

/** How the progress compares with the reference exam, in words (null without a reference exam). */
function comparisonOf(ctx: Ctx): StudentProgress['comparison'] {
  const st = reportHead(ctx.reports, 'students');
  if (!st.referenceName) return null;
  const c = st.comparison ?? { mode: 'total' as const, subjects: [] };
  const names = c.subjects.map((code) => nameOfCode(ctx, code) ?? code);
  const message = c.mode === 'common'
    ? `参照考试“${st.referenceName}”的总分科目与本次不同，名次变化按两次考试的共同科目（${names.join('、')}）的总分重新排名后比较`
    : c.mode === 'none' ? `参照考试“${st.referenceName}”与本次考试没有共同科目，无法比较进退步` : null;
  return { mode: c.mode, subjects: names, message };
}

export async function studentProgress(ctx: Ctx, page: { current: number; size: number }, all = false): Promise<StudentProgress> {
  needTotal(ctx);
  const classes = rowClasses(ctx, TOTAL_CODE);
  const ids = new Set(classes.map((c) => c.id));
  const st = reportHead(ctx.reports, 'students');
  const shown = rowsWhere(ctx, 'students', (x, p) => ids.has(x.classIds[p]!));
  return {
    meta: ctx.meta,
    referenceName: st.referenceName,
    comparison: comparisonOf(ctx),
    classes: classes.map((c) => {
      const u = unitOf(st.units, c.id);
      return { classId: c.id, className: c.name, up: (u?.up ?? []).map((s) => refOf(ctx, s)), low: (u?.low ?? []).map((s) => refOf(ctx, s)) };
    }),
    ...await pageRows(ctx, 'students', shown, page, all, (s) => refOf(ctx, s)),
  };
}

export function studentTop(ctx: Ctx): StudentTop {
  needTotal(ctx);
  const st = reportHead(ctx.reports, 'students');
  return {
    meta: ctx.meta,
    classes: rowClasses(ctx, TOTAL_CODE).map((c) => {
      const u = unitOf(st.units, c.id);
      return { classId: c.id, className: c.name, top: (u?.top ?? []).map((s) => refOf(ctx, s)), bottom: (u?.bottom ?? []).map((s) => refOf(ctx, s)) };
    }),
  };
}

export async function studentWeak(ctx: Ctx, page: { current: number; size: number }, all = false): Promise<StudentWeak> {
  needTotal(ctx);
  const ids = new Set(rowClasses(ctx, TOTAL_CODE).map((c) => c.id));
  const st = reportHead(ctx.reports, 'students');
  const idx = st.subjects.map((s, i) => (ctx.access.courses.includes(s.code) ? i : -1)).filter((i) => i >= 0);
  const shown = rowsWhere(ctx, 'students', (x, p) => ids.has(x.classIds[p]!));
  return {
    meta: ctx.meta,
    subjects: idx.map((i) => st.subjects[i]!),
    ...await pageRows(ctx, 'students', shown, page, all, (s) => ({ ...refOf(ctx, s), gaps: idx.map((i) => s.gaps[i] ?? null), weakSubject: s.weakSubject, strongSubject: s.strongSubject })),
  };
}

export async function reportSetFor(db: Db, examId: number) {
  return loadReportSet(db, examId);
}
