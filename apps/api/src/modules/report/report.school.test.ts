/**
 * The organiser's default school (report.school chooseSchool): a joint exam of up to SCHOOL_AT_A_TIME classes opens on
 * every school, a larger one on the organiser's own school when it sits the exam, else the first school in code order.
 */
import { describe, expect, it } from 'vitest';
import { SCHOOL_AT_A_TIME, type ReportQuery } from '@jz/shared/api/report';
import { chooseSchool, narrowToSchool } from './report.school.js';
import { Students, type LoadedSet } from './report.store.js';
import type { Access } from './report.service.js';

/** A loaded set of `perSchool` classes in each school (ids 1000 × school + k), one candidate a class. */
function setOf(schoolIds: number[], perSchool: number): LoadedSet {
  const classIds = schoolIds.flatMap((s) => Array.from({ length: perSchool }, (_, k) => s * 1000 + k));
  const index = {
    ids: classIds.map(String), classIds, classNames: ['1班'], classNameOf: classIds.map(() => 0), admissionNos: classIds.map(String), names: classIds.map(String),
    registrationTypes: [''], registrationTypeOf: classIds.map(() => 0), schoolIds, schoolOf: classIds.map((id) => schoolIds.indexOf(Math.floor(id / 1000))),
  };
  return { students: new Students(index), set: { classes: classIds.map((id) => ({ id, name: '', classType: '', sort: 0 })) } } as unknown as LoadedSet;
}
const every = (loaded: LoadedSet): Access => ({ classes: new Map(loaded.set.classes.map((c) => [c.id, 'all' as const])), allClasses: true, canTotal: true, courses: ['SX'] });
const q = (schoolId?: number) => ({ examId: 1, courseCode: '0', classId: 0, classType: '', registrationType: '0', scoreType: 1, schoolId }) as ReportQuery;
const schools = [{ id: 7, name: '七中' }, { id: 3, name: '三中' }, { id: 5, name: '五中' }];

describe('the organiser\'s school choice', () => {
  it('opens a small exam on every school, a large one on its own school, else on the first in code order', async () => {
    const small = setOf([7, 3, 5], Math.floor(SCHOOL_AT_A_TIME / 3));
    expect((await chooseSchool(small, every(small), q(), schools, 3)).chosen).toBe(0);
    const large = setOf([7, 3, 5], Math.floor(SCHOOL_AT_A_TIME / 3) + 1);
    expect((await chooseSchool(large, every(large), q(), schools, 3)).chosen).toBe(3);
    // a bureau sits no class: the first school (code order, not id order)
    expect((await chooseSchool(large, every(large), q(), schools, 99)).byDefault).toBe(7);
    expect((await chooseSchool(large, every(large), q(0), schools, 3)).chosen).toBe(0);
    expect((await chooseSchool(large, every(large), q(5), schools, 3)).chosen).toBe(5);
  });

  it('offers only schools with candidates and refuses another', async () => {
    const loaded = setOf([7, 3], 2);
    const choice = await chooseSchool(loaded, every(loaded), q(), schools, 7);
    expect(choice.options.map((s) => s.id)).toEqual([7, 3]);
    await expect(chooseSchool(loaded, every(loaded), q(5), schools, 7)).rejects.toThrow('该学校不在本次联考中');
    await expect(chooseSchool(loaded, every(loaded), q(42), schools, 7)).rejects.toThrow('该学校不在本次联考中');
  });

  it('narrows the access to the school\'s classes, keeping what the caller may see of them', () => {
    const loaded = setOf([7, 3], 2);
    const access: Access = { classes: new Map<number, 'all' | Set<string>>([[7000, 'all'], [7001, new Set(['SX'])], [3000, new Set(['YW'])]]), allClasses: false, canTotal: true, courses: ['SX', 'YW'] };
    const map = new Map(loaded.set.classes.map((c) => [c.id, Math.floor(c.id / 1000)]));
    const three = narrowToSchool(access, map, 3);
    expect([...three.classes.keys()]).toEqual([3000]);
    expect(three.canTotal).toBe(false);
    expect(three.courses).toEqual(['YW']);
    expect(narrowToSchool(access, map, 0)).toBe(access);
    expect(() => narrowToSchool(access, map, 5)).toThrow();
  });
});
