/**
 * A joint exam's organiser reads every school's classes; its class rows and student lists show one school's at a time
 * (reportQuery.schoolId, 0 = every school), by default every school up to SCHOOL_AT_A_TIME classes, else its own
 * school when it sits the exam, else the first in code order. The grade figures (联考全体) stay the whole exam's.
 */
import { SCHOOL_AT_A_TIME, type ReportQuery } from '@jz/shared/api/report';
import type { Db } from '../../db/database.js';
import { BizError, forbidden } from '../../core/http.js';
import { examSchools } from '../joint/joint.repository.js';
import { classSchools as classSchoolRows } from '../joint-report/joint-report.repository.js';
import type { Access } from './report.service.js';
import type { LoadedSet } from './report.store.js';

/** A school a joint exam's organiser may narrow its class rows to. */
export interface SchoolOption { id: number; name: string }

/** A joint exam's organiser: the schools it may choose, the one chosen (0 = every school), the default, its full access. */
export interface SchoolChoice { options: SchoolOption[]; chosen: number; byDefault: number; wide: Access; classSchool: Map<number, number> }

/**
 * The organiser's school choice of a joint exam: `schoolId` when asked (0 = every school; else one of `schools`), or the
 * default: every school up to SCHOOL_AT_A_TIME classes, else its own school when it sits the exam, else the first.
 */
export async function chooseSchool(loaded: LoadedSet, wide: Access, q: ReportQuery, schools: SchoolOption[], ownSchoolId: number): Promise<SchoolChoice> {
  const classSchool = await classSchools(loaded);
  const sitting = new Set(classSchool.values());
  const options = schools.filter((s) => sitting.has(s.id));
  const byDefault = loaded.set.classes.length <= SCHOOL_AT_A_TIME || !options.length ? 0 : (options.find((s) => s.id === ownSchoolId) ?? options[0]!).id;
  if (q.schoolId && !options.some((s) => s.id === q.schoolId)) throw new BizError('该学校不在本次联考中');
  return { options, chosen: q.schoolId ?? byDefault, byDefault, wide, classSchool };
}

/** The access cut to one school's classes (0: unchanged); a school none of whose classes the caller sees is refused. */
export function narrowToSchool(access: Access, classSchool: Map<number, number>, schoolId: number): Access {
  if (!schoolId) return access;
  const classes = new Map([...access.classes].filter(([id]) => classSchool.get(id) === schoolId));
  if (!classes.size) throw forbidden();
  const values = [...classes.values()];
  return { classes, allClasses: access.allClasses, canTotal: values.includes('all'), courses: access.courses.filter((c) => values.some((a) => a === 'all' || a.has(c))) };
}

/** The schools sitting a joint exam as its organiser names them: confirmed, in code order (the organiser's own included). */
export async function sittingSchools(db: Db, examId: number): Promise<SchoolOption[]> {
  return (await examSchools(db, examId)).filter((s) => s.status === 'confirmed').map((s) => ({ id: s.schoolId, name: s.schoolName }));
}

const classSchoolMaps = new WeakMap<LoadedSet, Map<number, number>>();

/** Each class's school: from the student index, or (sets released before it stored schools) from the classes. */
export async function classSchools(loaded: LoadedSet): Promise<Map<number, number>> {
  let m = classSchoolMaps.get(loaded);
  if (m) return m;
  const { classIds, schoolIds, schoolOf } = loaded.students.index;
  if (schoolIds && schoolOf) {
    m = new Map();
    for (let i = 0; i < classIds.length; i++) if (!m.has(classIds[i]!)) m.set(classIds[i]!, schoolIds[schoolOf[i]!]!);
  } else m = new Map((await classSchoolRows(loaded.db, loaded.set.classes.map((c) => c.id))).map((c) => [c.id, c.schoolId]));
  classSchoolMaps.set(loaded, m);
  return m;
}

