/**
 * Who reads a joint exam's reports, and what (docs/DECISIONS.md "Joint exams: reports and who sees what"):
 * the organiser as the owner of the exam (report.service accessFor: its administrator every school's classes);
 * a school whose exam_school row is confirmed only its own classes, cut by its roles as in its own reports; a
 * school that withdrew, never confirmed or never took part is refused. The context is the single-school report
 * context (report.service resolveContext), so every builder is the school reports' own.
 */
import { anonymousSchoolName } from '@jz/shared/joint';
import type { ReportQuery } from '@jz/shared/api/report';
import type { Db } from '../../db/database.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import type { ReportSet } from '../release/report-set.js';
import { examSchools, examSchoolOf } from '../joint/joint.repository.js';
import { accessFor, checkClassScope, resolveContext, variantOf, type Access, type Ctx } from '../report/report.service.js';
import { chooseSchool, narrowToSchool } from '../report/report.school.js';
import { examKey, reportsFor, withFreshSet, type LoadedSet, type PartsNeed } from '../report/report.store.js';
import * as repo from './joint-report.repository.js';

export interface JointSchoolView { schoolId: number; code: number; name: string; own: boolean }

export interface JointInfo {
  role: 'organiser' | 'participant';
  anonymise: boolean;
  /** Confirmed schools in code order, named as the caller may see them. */
  schools: JointSchoolView[];
  /** exam_student id → school id. */
  schoolOf: Map<string, number>;
  schoolName: (schoolId: number) => string;
}

export interface JointCtx extends Ctx { joint: JointInfo }

interface Maps { version: number; schoolOf: Map<string, number>; classes: Map<number, { schoolId: number; gradeId: number }>; labelled: Map<string, ReportSet> }
const cache = new Map<string, Maps>();

/** Candidate and class schools of a report set version (kept beside the store's own cache). */
async function mapsOf(db: Db, loaded: LoadedSet): Promise<Maps> {
  const key = examKey(db, loaded.examId);
  const hit = cache.get(key);
  if (hit && hit.version === loaded.version) return hit;
  // the candidates' schools from the stored index, or (sets released before it) from exam_student
  const stored = loaded.students.schoolMap();
  const [students, classes] = await Promise.all([stored ? [] : repo.candidateSchools(db, loaded.examId), repo.classSchools(db, loaded.set.classes.map((c) => c.id))]);
  const maps: Maps = {
    version: loaded.version,
    schoolOf: stored ?? new Map(students.map((s) => [String(s.id), s.schoolId])),
    classes: new Map(classes.map((c) => [c.id, { schoolId: c.schoolId, gradeId: c.gradeId }])),
    labelled: new Map(),
  };
  cache.set(key, maps);
  while (cache.size > 16) cache.delete(cache.keys().next().value as string);
  return maps;
}

/** A participating school's access: its own classes only, cut by its roles (grade leader, 备课组长 of the grade). */
export function participantAccess(user: SchoolUser, set: ReportSet, classes: Map<number, { schoolId: number; gradeId: number }>): Access {
  const own = set.classes.filter((c) => classes.get(c.id)?.schoolId === user.schoolId).map((c) => c.id);
  const gradeIds = new Set(own.map((id) => classes.get(id)!.gradeId));
  const ids = new Set(own);
  const gradeWide = hasRole(user, 'school_admin') || user.roles.some((r) => r.roleCode === 'grade_leader' && r.gradeId !== null && gradeIds.has(r.gradeId));
  const access = new Map<number, 'all' | Set<string>>();
  const add = (classId: number, course: string | null) => {
    if (!ids.has(classId) || access.get(classId) === 'all') return;
    if (course === null) return void access.set(classId, 'all');
    const s = (access.get(classId) as Set<string> | undefined) ?? new Set<string>();
    s.add(course);
    access.set(classId, s);
  };
  if (gradeWide) for (const id of ids) access.set(id, 'all');
  else {
    for (const r of user.roles) {
      if (r.roleCode === 'lesson_leader' && r.gradeId !== null && gradeIds.has(r.gradeId) && r.courseCode) for (const id of ids) add(id, r.courseCode);
      if (r.roleCode === 'head_teacher' && r.classId) add(r.classId, null);
      if (r.roleCode === 'subject_teacher' && r.classId && r.courseCode) add(r.classId, r.courseCode);
    }
  }
  if (!access.size) throw forbidden();
  const values = [...access.values()];
  const courses = set.subjects.map((s) => s.code).filter((code) => values.some((a) => a === 'all' || a.has(code)));
  // allClasses: every class of the school, so the caller may ask classId 0 (its classes against the joint figures)
  return { classes: access, allClasses: gradeWide && access.size === ids.size, canTotal: values.includes('all'), courses };
}

/** The organiser's copy of the set with each class named with its school (two schools both have 高一(1)班). */
function labelledSet(maps: Maps, set: ReportSet, variantKey: string, names: Map<number, string>): ReportSet {
  const hit = maps.labelled.get(variantKey);
  if (hit) return hit;
  const out = { ...set, classes: set.classes.map((c) => ({ ...c, name: `${names.get(maps.classes.get(c.id)?.schoolId ?? 0) ?? ''} ${c.name}`.trim() })) };
  maps.labelled.set(variantKey, out);
  return out;
}

/** Loads the joint exam's report set, decides the caller's part and resolves the filter (`need`: as contextFor's). */
export async function jointContextFor(db: Db, user: SchoolUser, q: ReportQuery, need?: PartsNeed): Promise<JointCtx> {
  const exam = await repo.jointHeader(db, q.examId);
  if (!exam) throw new BizError('联考不存在', 404);
  const organiser = exam.schoolId === user.schoolId;
  if (!organiser) {
    const own = await examSchoolOf(db, exam.id, user.schoolId);
    if (!own) throw new BizError('本校未参加该联考，无权查看联考报告', 403);
    if (own.status === 'withdrawn') throw new BizError('本校已退出该联考，不能查看联考报告', 403);
    if (own.status !== 'confirmed') throw new BizError('本校尚未确认参考班级，不能查看联考报告', 403);
  }
  const ctx = await withFreshSet(db, exam.id, (loaded) => jointContext(db, user, q, exam, organiser, loaded, need));
  if (!ctx) throw new BizError('该联考成绩尚未发布，暂无联考报告', 404);
  return ctx;
}

type JointHeader = NonNullable<Awaited<ReturnType<typeof repo.jointHeader>>>;

async function jointContext(db: Db, user: SchoolUser, q: ReportQuery, exam: JointHeader, organiser: boolean, loaded: LoadedSet, need?: PartsNeed): Promise<JointCtx> {
  const maps = await mapsOf(db, loaded);
  const all = await examSchools(db, exam.id);
  const realName = new Map(all.map((s) => [s.schoolId, s.schoolName]));
  // a stable letter per school: its place in code order among every school ever listed (as joint_exam/detail shows)
  const shownName = (schoolId: number) => {
    if (organiser || schoolId === user.schoolId || !exam.anonymise) return realName.get(schoolId) ?? '';
    const i = all.findIndex((s) => s.schoolId === schoolId);
    return anonymousSchoolName(i < 0 ? all.length : i);
  };
  const schools = all.filter((s) => s.status === 'confirmed').map((s) => ({ schoolId: s.schoolId, code: s.code, name: shownName(s.schoolId), own: s.schoolId === user.schoolId }));
  if (!organiser && q.schoolId && q.schoolId !== user.schoolId) throw new BizError('无权查看其他学校的班级', 403);
  const wide = organiser ? accessFor(user, loaded.set) : participantAccess(user, loaded.set, maps.classes);
  // the organiser's class rows: every school's, or one school's (the default of an exam of many classes)
  const choice = organiser ? await chooseSchool(loaded, wide, q, schools.map((s) => ({ id: s.schoolId, name: s.name })), user.schoolId) : undefined;
  const access = choice ? narrowToSchool(wide, choice.classSchool, choice.chosen) : wide;
  const set = organiser ? labelledSet(maps, loaded.set, all.map((s) => `${s.schoolId}:${s.schoolName}`).join('|'), realName) : loaded.set;
  checkClassScope(set, access, q);
  const ctx = resolveContext(loaded, set, access, q, await reportsFor(db, loaded, variantOf(loaded, q), need));
  return { ...ctx, schoolChoice: choice, joint: { role: organiser ? 'organiser' : 'participant', anonymise: exam.anonymise, schools, schoolOf: maps.schoolOf, schoolName: shownName } };
}
