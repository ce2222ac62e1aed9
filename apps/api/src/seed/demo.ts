import { COURSES, DEFAULT_ROLE_PERMISSIONS, DEMO_PASSWORD, GRADES, PLATFORM_PERMISSION_CODES, ROLE_CODES } from '@jz/shared';
import type { Db, Tx } from '../db/database.js';
import { hashPassword } from '../core/crypto.js';
import { seedDemoExams } from './demo-exams.js';
import { seedDemoJointExam } from './demo-joint.js';
import * as accounts from '../modules/users/accounts.repository.js';
import { mulberry32 } from '@jz/shared/random';

export { mulberry32 };


const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
const GIVEN_MALE = '伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林欢阳建晨瑞博文轩然睿泽昊天宏志诚毅哲霖骏峰锐子豪'.split('');
const GIVEN_FEMALE = '芳娜敏静丽艳娟霞秀英慧巧美娅雪琳晶妍茜婷颖琪欣怡佳雨萱涵梦瑶璐诗雅楠悦彤月舒菲蕾晴思可心语馨蓉薇'.split('');

/** Demo school accounts, all with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = ['root', 'admin', 'grade1', 'lesson1', 'head1', 'teacher1', 'student1', 'admin2', 'ycadmin', 'bureau'] as const;

export interface SeedSummary { schools: number; students: number; teachers: number; users: number }

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function personName(rand: Rand, gender: '男' | '女'): string {
  const chars = gender === '男' ? GIVEN_MALE : GIVEN_FEMALE;
  const given = rand() < 0.6 ? pick(rand, chars) + pick(rand, chars) : pick(rand, chars);
  return pick(rand, SURNAMES) + given;
}

function phoneOf(rand: Rand): string {
  const prefix = pick(rand, ['138', '139', '135', '136', '137', '150', '151', '158', '186', '188']);
  return prefix + String(Math.floor(rand() * 1e8)).padStart(8, '0');
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

interface TeacherPlan {
  loginId: string;
  name: string;
  gender: '男' | '女';
  phone: string;
  roles: { role_code: string; grade?: string; classNo?: number; course?: string }[];
}

interface SchoolPlan {
  /** 'bureau': an education bureau tenant (grades, no classes or students) that organises joint exams. */
  kind?: 'school' | 'bureau';
  name: string;
  code: string;
  province: string;
  area: string;
  address: string;
  contactName: string;
  contactPhone: string;
  grades: { name: string; classes: number; students: [number, number] }[];
  teachers: TeacherPlan[];
}

const GRADE_CODE: Record<string, string> = { 高一: '01', 高二: '02', 高三: '03' };

/** The teachers of 示例中学: the named demo accounts plus t001… so every 高一 class has a head teacher and every course a teacher. */
function slzxTeachers(rand: Rand): TeacherPlan[] {
  const person = (loginId: string, roles: TeacherPlan['roles']): TeacherPlan => {
    const gender = rand() < 0.5 ? '男' : '女';
    return { loginId, name: personName(rand, gender), gender, phone: phoneOf(rand), roles };
  };
  const list: TeacherPlan[] = [
    person('admin', [{ role_code: 'school_admin' }]),
    person('grade1', [{ role_code: 'grade_leader', grade: '高一' }]),
    person('lesson1', [{ role_code: 'lesson_leader', grade: '高一', course: 'SX' }]),
    person('head1', [
      { role_code: 'head_teacher', grade: '高一', classNo: 1 },
      { role_code: 'subject_teacher', grade: '高一', classNo: 1, course: 'YW' },
    ]),
    person('teacher1', [
      { role_code: 'subject_teacher', grade: '高一', classNo: 1, course: 'SX' },
      { role_code: 'subject_teacher', grade: '高一', classNo: 2, course: 'SX' },
    ]),
  ];
  let n = 0;
  const nextId = () => `t${String(++n).padStart(3, '0')}`;
  // 高一: one teacher per course and pair of classes (1-2, 3-4, 5-6, 7-8).
  const headOf: Record<number, TeacherPlan> = {};
  for (const course of COURSES) {
    for (let pair = 0; pair < 4; pair++) {
      if (course.code === 'SX' && pair === 0) continue; // teacher1
      const classes = course.code === 'YW' && pair === 0 ? [2] : [pair * 2 + 1, pair * 2 + 2]; // head1 teaches 语文 in 1班
      const t = person(nextId(), classes.map((c) => ({ role_code: 'subject_teacher', grade: '高一', classNo: c, course: course.code })));
      list.push(t);
      if (course.code === 'YW' && pair === 0) headOf[2] = t;
      if (pair > 0 && course.code === 'YY') headOf[pair * 2 + 1] = t;
      if (pair > 0 && course.code === 'WL') headOf[pair * 2 + 2] = t;
    }
  }
  for (const [classNo, t] of Object.entries(headOf)) t.roles.unshift({ role_code: 'head_teacher', grade: '高一', classNo: Number(classNo) });
  // 高二 / 高三, more thinly: a grade leader and four teachers (head of 1–4班, one course in all 8 classes).
  for (const grade of ['高二', '高三']) {
    list.push(person(nextId(), [{ role_code: 'grade_leader', grade }]));
    ['YW', 'SX', 'YY', 'WL'].forEach((course, i) => {
      list.push(person(nextId(), [
        { role_code: 'head_teacher', grade, classNo: i + 1 },
        ...Array.from({ length: 8 }, (_, k) => ({ role_code: 'subject_teacher', grade, classNo: k + 1, course })),
      ]));
    });
  }
  return list;
}

/** The third school (育才中学, 高一 2 classes of 12) and the bureau (示范市教育局), seeded with their own random stream. */
function jointPlans(rand: Rand): SchoolPlan[] {
  const person = (loginId: string, roles: TeacherPlan['roles']): TeacherPlan => {
    const gender = rand() < 0.5 ? '男' : '女';
    return { loginId, name: personName(rand, gender), gender, phone: phoneOf(rand), roles };
  };
  return [
    {
      name: '育才中学', code: 'YCZX', province: '广东省', area: '佛山市', address: '佛山市禅城区育才路3号',
      contactName: '陈老师', contactPhone: '0757-83000003',
      grades: [{ name: '高一', classes: 2, students: [12, 12] }],
      teachers: [person('ycadmin', [{ role_code: 'school_admin' }])],
    },
    {
      kind: 'bureau', name: '示范市教育局', code: 'SFSJYJ', province: '广东省', area: '广州市', address: '广州市越秀区教育路1号',
      contactName: '赵老师', contactPhone: '020-83000004',
      grades: [{ name: '高一', classes: 0, students: [0, 0] }],
      teachers: [person('bureau', [{ role_code: 'school_admin' }])],
    },
  ];
}

function dezxTeachers(rand: Rand): TeacherPlan[] {
  const person = (loginId: string, roles: TeacherPlan['roles']): TeacherPlan => {
    const gender = rand() < 0.5 ? '男' : '女';
    return { loginId, name: personName(rand, gender), gender, phone: phoneOf(rand), roles };
  };
  return [
    person('admin2', [{ role_code: 'school_admin' }]),
    person('d001', [
      { role_code: 'head_teacher', grade: '高一', classNo: 1 },
      { role_code: 'subject_teacher', grade: '高一', classNo: 1, course: 'SX' },
      { role_code: 'subject_teacher', grade: '高一', classNo: 2, course: 'SX' },
    ]),
    person('d002', [
      { role_code: 'head_teacher', grade: '高一', classNo: 2 },
      { role_code: 'subject_teacher', grade: '高一', classNo: 1, course: 'YW' },
      { role_code: 'subject_teacher', grade: '高一', classNo: 2, course: 'YW' },
    ]),
  ];
}

/**
 * Seeds the demo data on the first start of an empty database (no school yet): dictionaries, platform roles and
 * `root`, 示例中学 (高一–高三, 8 classes each, ~45 students per class, ~50 teachers), 第二示范中学 (高一, 2 classes),
 * 育才中学 (高一, 2 classes) and the bureau 示范市教育局 (`bureau`). One transaction; demo accounts use DEMO_PASSWORD.
 * Returns false when schools exist already. After it commits, the three released demo exams of 示例中学 高一
 * (demo-exams.ts) and the released demo joint exam of the three schools (demo-joint.ts) unless options.exams is false.
 */
export async function seedDemoIfEmpty(db: Db, options: { exams?: boolean } = {}): Promise<boolean> {
  const any = await db.selectFrom('school').select('id').limit(1).executeTakeFirst();
  if (any) return false;

  const rand = mulberry32(20260901);
  const schools: SchoolPlan[] = [
    {
      name: '示例中学', code: 'SLZX', province: '广东省', area: '深圳市', address: '深圳市南山区示例路1号',
      contactName: '王老师', contactPhone: '0755-26000001',
      grades: ['高一', '高二', '高三'].map((name) => ({ name, classes: 8, students: [40, 50] as [number, number] })),
      teachers: slzxTeachers(rand),
    },
    {
      name: '第二示范中学', code: 'DEZX', province: '广东省', area: '广州市', address: '广州市天河区示范路2号',
      contactName: '李老师', contactPhone: '020-38000002',
      grades: [{ name: '高一', classes: 2, students: [10, 10] }],
      teachers: dezxTeachers(rand),
    },
  ];
  // the joint exam's schools draw from their own stream, so the first two schools' data stays as it was
  const jointRand = mulberry32(20261101);
  const joint = jointPlans(jointRand);

  // Distinct salted hashes for every account, computed in parallel before the transaction (scrypt runs off the main thread).
  const accountCount = 2 + [...schools, ...joint].reduce((s, sc) => s + sc.teachers.length, 0);
  const hashes = await Promise.all(Array.from({ length: accountCount }, () => hashPassword(DEMO_PASSWORD)));
  let hashIndex = 0;
  const nextHash = () => hashes[hashIndex++]!;

  await db.transaction().execute(async (tx) => {
    await tx.insertInto('grade_dict').values(GRADES.map((g, i) => ({ name: g.name, stage: g.stage, sort: i + 1 })))
      .onConflict((oc) => oc.column('name').doNothing()).execute();
    await tx.insertInto('course_dict').values(COURSES.map((c, i) => ({ code: c.code, name: c.name, sort: i + 1 })))
      .onConflict((oc) => oc.column('code').doNothing()).execute();
    const gradeDict = await tx.selectFrom('grade_dict').select(['id', 'name']).execute();

    const superRole = await tx.insertInto('sys_role')
      .values({ code: 'super_admin', name: '超级管理员', remark: '平台全部权限', permissions: [...PLATFORM_PERMISSION_CODES] })
      .returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('sys_role')
      .values({ code: 'operator', name: '运营人员', remark: '查看与维护学校', permissions: ['admin:school:view', 'admin:school:edit'] })
      .execute();
    await accounts.insertAccount(tx, {
      school_id: null, login_id: 'root', user_name: '平台管理员', password_hash: nextHash(), user_type: 'platform', sys_role_id: superRole.id,
    });

    for (const [schoolIndex, plan] of schools.entries()) {
      await seedSchool(tx, plan, schoolIndex, rand, gradeDict, nextHash);
    }
    for (const plan of joint) await seedSchool(tx, plan, -1, jointRand, gradeDict, nextHash);
  });
  if (options.exams !== false) {
    await seedDemoExams(db);
    await seedDemoJointExam(db);
  }
  return true;
}

async function seedSchool(
  tx: Tx, plan: SchoolPlan, schoolIndex: number, rand: Rand,
  gradeDict: { id: number; name: string }[], nextHash: () => string,
): Promise<void> {
  const school = await tx.insertInto('school').values({
    kind: plan.kind ?? 'school', name: plan.name, code: plan.code, province: plan.province, area: plan.area, address: plan.address,
    logo: null, contact_name: plan.contactName, contact_phone: plan.contactPhone,
  }).returning('id').executeTakeFirstOrThrow();
  const schoolId = school.id;

  // Role permissions (school_admin holds everything implicitly).
  const perms = ROLE_CODES.filter((r) => r !== 'school_admin')
    .flatMap((role) => DEFAULT_ROLE_PERMISSIONS[role].map((code) => ({ school_id: schoolId, role_code: role, permission_code: code })));
  await tx.insertInto('role_permission').values(perms).execute();

  // School year 2026-2027 with two terms, the first current.
  const year = await tx.insertInto('school_year').values({
    school_id: schoolId, name: '2026-2027', start_date: '2026-09-01', end_date: '2027-07-15', is_current: true,
  }).returning('id').executeTakeFirstOrThrow();
  await tx.insertInto('semester').values([
    { school_id: schoolId, school_year_id: year.id, name: '第一学期', start_date: '2026-09-01', end_date: '2027-01-20', is_current: true },
    { school_id: schoolId, school_year_id: year.id, name: '第二学期', start_date: '2027-02-20', end_date: '2027-07-15', is_current: false },
  ]).execute();

  // Grades, their courses and classes.
  const gradeIds: Record<string, number> = {};
  const classIds: Record<string, number> = {};
  for (const [gi, g] of plan.grades.entries()) {
    const dict = gradeDict.find((d) => d.name === g.name);
    const grade = await tx.insertInto('school_grade').values({ school_id: schoolId, grade_dict_id: dict?.id ?? null, name: g.name, sort: gi + 1 })
      .returning('id').executeTakeFirstOrThrow();
    gradeIds[g.name] = grade.id;
    await tx.insertInto('school_grade_course')
      .values(COURSES.map((c, i) => ({ school_id: schoolId, grade_id: grade.id, course_code: c.code, course_name: c.name, sort: i + 1 }))).execute();
    if (!g.classes) continue; // a bureau's grade has no classes
    const classes = await tx.insertInto('school_class')
      .values(Array.from({ length: g.classes }, (_, k) => ({ school_id: schoolId, grade_id: grade.id, name: `${k + 1}班`, class_type: '行政班', sort: k + 1 })))
      .returning(['id', 'sort']).execute();
    for (const c of classes) classIds[`${g.name}-${c.sort}`] = c.id;
  }

  // Students: 40–50 per class, unique names within a class, admission number year + grade + class + seat.
  const students: { school_id: number; class_id: number; name: string; admission_no: string; gender: string; registration_type: string }[] = [];
  for (const g of plan.grades) {
    for (let k = 1; k <= g.classes; k++) {
      const [min, max] = g.students;
      const count = min + Math.floor(rand() * (max - min + 1));
      const names = new Set<string>();
      for (let seat = 1; seat <= count; seat++) {
        const gender = rand() < 0.5 ? '男' : '女';
        let name = personName(rand, gender);
        while (names.has(name)) name = personName(rand, gender);
        names.add(name);
        const r = rand();
        const registration = r < 0.06 ? '往届' : r < 0.09 ? '借读' : '应届';
        students.push({
          school_id: schoolId,
          class_id: classIds[`${g.name}-${k}`]!,
          name,
          admission_no: `2026${GRADE_CODE[g.name] ?? '01'}${String(k).padStart(2, '0')}${String(seat).padStart(2, '0')}`,
          gender,
          registration_type: registration,
        });
      }
    }
  }
  if (students.length) await insertChunked(students, 500, (chunk) => tx.insertInto('student').values(chunk).execute());

  // Teachers: app_user + teacher + user_role rows.
  const userId = await accounts.insertAccounts(tx, plan.teachers.map((t) => ({
    school_id: schoolId, login_id: t.loginId, user_name: t.name, phone: t.phone, gender: t.gender,
    password_hash: nextHash(), user_type: 'teacher' as const,
  })));
  await accounts.insertTeacherRows(tx, plan.teachers.map((t) => ({
    school_id: schoolId, user_id: userId.get(t.loginId)!, name: t.name, phone: t.phone, gender: t.gender,
  })));
  const roles = plan.teachers.flatMap((t) => t.roles.map((r) => ({
    school_id: schoolId,
    user_id: userId.get(t.loginId)!,
    role_code: r.role_code,
    grade_id: r.grade ? gradeIds[r.grade]! : null,
    class_id: r.grade && r.classNo ? classIds[`${r.grade}-${r.classNo}`]! : null,
    course_code: r.course ?? null,
  })));
  await accounts.insertRoles(tx, roles);

  // The demo student account of 示例中学: the first student of 高一1班.
  if (schoolIndex === 0) {
    const first = await tx.selectFrom('student').select(['id', 'name', 'gender'])
      .where('class_id', '=', classIds['高一-1']!).orderBy('admission_no').limit(1).executeTakeFirstOrThrow();
    const studentUserId = await accounts.insertAccount(tx, {
      school_id: schoolId, login_id: 'student1', user_name: first.name, gender: first.gender, password_hash: nextHash(), user_type: 'student',
    });
    await tx.updateTable('student').set({ user_id: studentUserId }).where('id', '=', first.id).execute();
    await accounts.insertRoles(tx, [{ school_id: schoolId, user_id: studentUserId, role_code: 'student', grade_id: gradeIds['高一']!, class_id: classIds['高一-1']! }]);
  }
}
