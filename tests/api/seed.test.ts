import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COURSES, DEFAULT_ROLE_PERMISSIONS, DEMO_PASSWORD, PLATFORM_PERMISSION_CODES } from '@jz/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { verifyPassword } from '../../apps/api/src/core/crypto.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';

describe.each(dbKinds)('demo seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t.close(); });
  const db = () => t.database.db;
  const schoolId = async (code: string) => (await db().selectFrom('school').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  it('creates the three schools and the bureau', async () => {
    const rows = await db().selectFrom('school').select(['name', 'code', 'province', 'area', 'kind']).orderBy('id').execute();
    expect(rows).toEqual([
      { name: '示例中学', code: 'SLZX', province: '广东省', area: '深圳市', kind: 'school' },
      { name: '第二示范中学', code: 'DEZX', province: '广东省', area: '广州市', kind: 'school' },
      { name: '育才中学', code: 'YCZX', province: '广东省', area: '佛山市', kind: 'school' },
      { name: '示范市教育局', code: 'SFSJYJ', province: '广东省', area: '广州市', kind: 'bureau' },
    ]);
  });

  it('fills the dictionaries and the platform role', async () => {
    expect((await db().selectFrom('grade_dict').select('id').execute()).length).toBe(6);
    expect((await db().selectFrom('course_dict').select('id').execute()).length).toBe(9);
    const root = await db().selectFrom('app_user as u').innerJoin('sys_role as r', 'r.id', 'u.sys_role_id')
      .select(['u.user_type', 'u.school_id', 'r.name', 'r.permissions']).where('u.login_id', '=', 'root').executeTakeFirstOrThrow();
    expect(root).toMatchObject({ user_type: 'platform', school_id: null, name: '超级管理员' });
    expect([...root.permissions].sort()).toEqual([...PLATFORM_PERMISSION_CODES].sort());
  });

  it('gives 示例中学 three grades × 9 courses × 8 classes with 40–50 students each', async () => {
    const sid = await schoolId('SLZX');
    const grades = await db().selectFrom('school_grade').select(['id', 'name']).where('school_id', '=', sid).orderBy('sort').execute();
    expect(grades.map((g) => g.name)).toEqual(['高一', '高二', '高三']);
    for (const g of grades) {
      const courses = await db().selectFrom('school_grade_course').select('course_code').where('grade_id', '=', g.id).orderBy('sort').execute();
      expect(courses.map((c) => c.course_code)).toEqual(COURSES.map((c) => c.code));
      const classes = await db().selectFrom('school_class').select(['id', 'name', 'class_type']).where('grade_id', '=', g.id).orderBy('sort').execute();
      expect(classes.map((c) => c.name)).toEqual(['1班', '2班', '3班', '4班', '5班', '6班', '7班', '8班']);
      expect(classes.every((c) => c.class_type === '行政班')).toBe(true);
    }
    const counts = await db().selectFrom('student').select(['class_id', sql<number>`count(*)::int`.as('n')])
      .where('school_id', '=', sid).groupBy('class_id').execute();
    expect(counts.length).toBe(24);
    for (const c of counts) { expect(c.n).toBeGreaterThanOrEqual(40); expect(c.n).toBeLessThanOrEqual(50); }
    const regs = await db().selectFrom('student').select(['registration_type', sql<number>`count(*)::int`.as('n')])
      .where('school_id', '=', sid).groupBy('registration_type').execute();
    const byType = Object.fromEntries(regs.map((r) => [r.registration_type, r.n]));
    expect(byType['应届']).toBeGreaterThan(900);
    expect(byType['往届']).toBeGreaterThan(0);
    expect(byType['借读']).toBeGreaterThan(0);
    const first = await db().selectFrom('student').select('admission_no').where('school_id', '=', sid).orderBy('admission_no').executeTakeFirstOrThrow();
    expect(first.admission_no).toBe('2026010101');
  });

  it('has the current school year with two terms', async () => {
    const sid = await schoolId('SLZX');
    const years = await db().selectFrom('school_year').selectAll().where('school_id', '=', sid).execute();
    expect(years.map((y) => [y.name, y.is_current])).toEqual([['2026-2027', true]]);
    const terms = await db().selectFrom('semester').select(['name', 'is_current']).where('school_year_id', '=', years[0]!.id).orderBy('start_date').execute();
    expect(terms).toEqual([{ name: '第一学期', is_current: true }, { name: '第二学期', is_current: false }]);
  });

  it('covers every 高一 class with a head teacher and every course with a subject teacher', async () => {
    const sid = await schoolId('SLZX');
    const g1 = await db().selectFrom('school_grade').select('id').where('school_id', '=', sid).where('name', '=', '高一').executeTakeFirstOrThrow();
    const classes = await db().selectFrom('school_class').select('id').where('grade_id', '=', g1.id).execute();
    const roles = await db().selectFrom('user_role').select(['role_code', 'class_id', 'course_code']).where('school_id', '=', sid).execute();
    for (const c of classes) {
      expect(roles.filter((r) => r.role_code === 'head_teacher' && r.class_id === c.id)).toHaveLength(1);
      for (const course of COURSES) {
        expect(roles.filter((r) => r.role_code === 'subject_teacher' && r.class_id === c.id && r.course_code === course.code)).toHaveLength(1);
      }
    }
    const teachers = await db().selectFrom('teacher').select('id').where('school_id', '=', sid).execute();
    expect(teachers.length).toBeGreaterThanOrEqual(45);
  });

  it('creates the demo accounts with their roles and the demo password', async () => {
    const expected: Record<string, { type: string; school: string; roles: string[] }> = {
      admin: { type: 'teacher', school: 'SLZX', roles: ['school_admin'] },
      grade1: { type: 'teacher', school: 'SLZX', roles: ['grade_leader'] },
      lesson1: { type: 'teacher', school: 'SLZX', roles: ['lesson_leader'] },
      head1: { type: 'teacher', school: 'SLZX', roles: ['head_teacher', 'subject_teacher'] },
      teacher1: { type: 'teacher', school: 'SLZX', roles: ['subject_teacher', 'subject_teacher'] },
      student1: { type: 'student', school: 'SLZX', roles: ['student'] },
      admin2: { type: 'teacher', school: 'DEZX', roles: ['school_admin'] },
      ycadmin: { type: 'teacher', school: 'YCZX', roles: ['school_admin'] },
      bureau: { type: 'teacher', school: 'SFSJYJ', roles: ['school_admin'] },
    };
    for (const [loginId, e] of Object.entries(expected)) {
      const u = await db().selectFrom('app_user as u').innerJoin('school as s', 's.id', 'u.school_id')
        .select(['u.id', 'u.user_type', 's.code', 'u.password_hash']).where('u.login_id', '=', loginId).executeTakeFirstOrThrow();
      expect(u.user_type).toBe(e.type);
      expect(u.code).toBe(e.school);
      const roles = await db().selectFrom('user_role').select('role_code').where('user_id', '=', u.id).orderBy('role_code').execute();
      expect(roles.map((r) => r.role_code)).toEqual([...e.roles].sort());
      expect(await verifyPassword(DEMO_PASSWORD, u.password_hash)).toBe(true);
      expect(await verifyPassword('wrong', u.password_hash)).toBe(false);
    }
    const root = await db().selectFrom('app_user').select('password_hash').where('login_id', '=', 'root').executeTakeFirstOrThrow();
    expect(await verifyPassword(DEMO_PASSWORD, root.password_hash)).toBe(true);
  });

  it('links student1 to the first student of 高一1班 and head1/teacher1 to their classes', async () => {
    const row = await db().selectFrom('student as st').innerJoin('app_user as u', 'u.id', 'st.user_id')
      .innerJoin('school_class as c', 'c.id', 'st.class_id').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select(['st.admission_no', 'st.name', 'u.user_name', 'c.name as className', 'g.name as gradeName'])
      .where('u.login_id', '=', 'student1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ admission_no: '2026010101', className: '1班', gradeName: '高一' });
    expect(row.user_name).toBe(row.name);
    const t1 = await db().selectFrom('user_role as r').innerJoin('app_user as u', 'u.id', 'r.user_id')
      .innerJoin('school_class as c', 'c.id', 'r.class_id').select(['c.name', 'r.course_code'])
      .where('u.login_id', '=', 'teacher1').orderBy('c.sort').execute();
    expect(t1).toEqual([{ name: '1班', course_code: 'SX' }, { name: '2班', course_code: 'SX' }]);
  });

  it('gives 第二示范中学 高一 with 2 classes, 20 students and teachers', async () => {
    const sid = await schoolId('DEZX');
    const classes = await db().selectFrom('school_class').select('id').where('school_id', '=', sid).execute();
    expect(classes).toHaveLength(2);
    const students = await db().selectFrom('student').select('id').where('school_id', '=', sid).execute();
    expect(students).toHaveLength(20);
    const teachers = await db().selectFrom('teacher').select('id').where('school_id', '=', sid).execute();
    expect(teachers.length).toBeGreaterThanOrEqual(3);
  });

  it('gives 育才中学 高一 with 2 classes of 12 and the bureau a 高一 without classes or students', async () => {
    const third = await schoolId('YCZX');
    const counts = await db().selectFrom('student').select(['class_id', sql<number>`count(*)::int`.as('n')]).where('school_id', '=', third).groupBy('class_id').execute();
    expect(counts.map((c) => c.n)).toEqual([12, 12]);
    const bureau = await schoolId('SFSJYJ');
    expect((await db().selectFrom('school_grade').select('name').where('school_id', '=', bureau).execute()).map((g) => g.name)).toEqual(['高一']);
    expect(await db().selectFrom('school_class').select('id').where('school_id', '=', bureau).execute()).toEqual([]);
    expect(await db().selectFrom('student').select('id').where('school_id', '=', bureau).execute()).toEqual([]);
  });

  /**
   * The demo joint exam: 示范市教育局's, released, with 示例中学 (code 01, 高一7班 and 8班), 第二示范中学 (02, both classes: 20)
   * and 育才中学 (03, both classes: 24) confirmed; every candidate has all 13 question scores (语文 6 + 数学 7) and
   * the 7-digit 考号 of its school. Counts from the seed plan: 20 = 2 × 10, 24 = 2 × 12.
   */
  it('releases the demo joint exam of the three schools with every candidate\'s scores', async () => {
    const bureau = await schoolId('SFSJYJ');
    const exam = await db().selectFrom('exam').select(['id', 'name', 'mode', 'released_at', 'registration_code']).where('school_id', '=', bureau).executeTakeFirstOrThrow();
    expect(exam).toMatchObject({ name: '2026学年高一联考', mode: 'joint' });
    expect(exam.released_at).not.toBeNull();
    const subjects = await db().selectFrom('exam_subject').select(['course_code', 'full_score', 'joint_scoring']).where('exam_id', '=', exam.id).orderBy('sort').execute();
    expect(subjects.map((s) => [s.course_code, Number(s.full_score), s.joint_scoring])).toEqual([['YW', 120, 'import'], ['SX', 100, 'import']]);
    const schools = await db().selectFrom('exam_school as x').innerJoin('school as s', 's.id', 'x.school_id').select(['s.code', 'x.code as no', 'x.status'])
      .where('x.exam_id', '=', exam.id).orderBy('x.code').execute();
    expect(schools).toEqual([{ code: 'SLZX', no: 1, status: 'confirmed' }, { code: 'DEZX', no: 2, status: 'confirmed' }, { code: 'YCZX', no: 3, status: 'confirmed' }]);
    const per = await db().selectFrom('exam_student as es').innerJoin('school as s', 's.id', 'es.school_id')
      .select(['s.code', sql<number>`count(*)::int`.as('n'), sql<string>`min(es.exam_no)`.as('first')]).where('es.exam_id', '=', exam.id).groupBy('s.code').orderBy('s.code').execute();
    const slzx = await db().selectFrom('student as st').innerJoin('school_class as c', 'c.id', 'st.class_id').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select(sql<number>`count(*)::int`.as('n')).where('st.school_id', '=', await schoolId('SLZX')).where('g.name', '=', '高一').where('c.sort', 'in', [7, 8]).executeTakeFirstOrThrow();
    expect(per).toEqual([{ code: 'DEZX', n: 20, first: '0201001' }, { code: 'SLZX', n: slzx.n, first: '0101001' }, { code: 'YCZX', n: 24, first: '0301001' }]);
    const scores = await db().selectFrom('question_score as qs').innerJoin('exam_student as es', 'es.id', 'qs.exam_student_id')
      .select(['es.id', sql<number>`count(*)::int`.as('n')]).where('es.exam_id', '=', exam.id).groupBy('es.id').execute();
    expect(scores).toHaveLength(20 + 24 + slzx.n);
    expect(scores.every((s) => s.n === 13)).toBe(true);
  });

  it('writes the default role permissions of every school', async () => {
    for (const code of ['SLZX', 'DEZX']) {
      const sid = await schoolId(code);
      const rows = await db().selectFrom('role_permission').select(['role_code', 'permission_code']).where('school_id', '=', sid).execute();
      const expectedCount = Object.entries(DEFAULT_ROLE_PERMISSIONS).filter(([r]) => r !== 'school_admin').reduce((s, [, p]) => s + p.length, 0);
      expect(rows).toHaveLength(expectedCount);
      expect(rows.some((r) => r.role_code === 'school_admin')).toBe(false);
    }
  });

  it('does nothing on a database that has schools', async () => {
    expect(await seedDemoIfEmpty(db())).toBe(false);
    expect((await db().selectFrom('school').select('id').execute()).length).toBe(4);
  });
});
