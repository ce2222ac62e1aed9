import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from '@jz/shared';
import type { RouteEntry } from '../../apps/api/src/core/auth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * The tenant and role sweep (access control): every route that takes an id is called with a token of
 * 第二示范中学 and ids of 示例中学 and must refuse (body code 401/403, or 404 "not in your school") without
 * returning or changing any of 示例中学's data; every route that needs a permission is refused (403) to every
 * demo role that lacks it; school tokens are refused on /adminApi and student tokens on /api.
 */

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[];
  anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; format?: string; required?: string[]; minimum?: number; pattern?: string };

/** A multipart upload of a small workbook-named file, for the import routes. */
function multipartFile() {
  const boundary = 'sweepboundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sweep.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\nPK\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const SKIP = /\/(auth|teach_login|email)\//; // login/logout/code sending act on the caller itself

describe.each(dbKinds)('access sweep on %s', (kind) => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
  let victim: Record<string, number>;
  let victimSchoolId: number;
  let victimNames: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    victimSchoolId = school.id;
    const first = async (table: string, col = 'school_id') =>
      (await sql<{ id: number }>`select min(id)::int as id from ${sql.table(table)} where ${sql.ref(col)} = ${school.id}`.execute(db)).rows[0]?.id ?? 0;
    // An exam of 示例中学 with a question set-up (the demo exams provide one; otherwise make one through the API).
    let examId = (await sql<{ id: number }>`select min(id)::int as id from exam where school_id = ${school.id}`.execute(db)).rows[0]?.id ?? 0;
    if (!examId) {
      const admin = await t.tokenFor('admin');
      const created = await t.call<{ id: number }>({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
        name: '越权测试考试', examType: 4, gradeId: await first('school_grade'), startDate: '2026-10-10', endDate: '2026-10-11',
        subjects: [{ courseCode: 'SX', fullScore: 10, examDate: '2026-10-10' }], classIds: [await first('school_class')] } });
      expect(created.body.code, created.body.msg).toBe(200);
      examId = (await sql<{ id: number }>`select min(id)::int as id from exam where school_id = ${school.id}`.execute(db)).rows[0]!.id;
      const subject = (await sql<{ id: number }>`select min(id)::int as id from exam_subject where exam_id = ${examId}`.execute(db)).rows[0]!.id;
      const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: {
        examSubjectId: subject, questions: [{ no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' }, { no: '2', type: 'subjective', fullScore: 5, step: 1 }] } });
      expect(saved.body.code, saved.body.msg).toBe(200);
    }
    const one = async (q: string) => (await sql<{ id: number }>`${sql.raw(q)}`.execute(db).catch(() => ({ rows: [] as { id: number }[] }))).rows[0]?.id ?? 0;
    victim = {
      class: await first('school_class'), grade: await first('school_grade'), user: await one(`select min(u.id)::int as id from app_user u join teacher t on t.user_id = u.id where t.school_id = ${school.id}`),
      student: await first('student'), year: await first('school_year'), semester: await first('semester'), teacher: await first('teacher'),
      exam: examId,
      examSubject: await one(`select min(id)::int as id from exam_subject where exam_id = ${examId}`),
      examStudent: await one(`select min(id)::int as id from exam_student where exam_id = ${examId}`),
      question: await one(`select min(q.id)::int as id from question q join exam_subject s on s.id = q.exam_subject_id where s.exam_id = ${examId}`),
      school: school.id,
    };
    // A saved answer card of the victim exam subject, so that a foreign save or reset would show in the snapshot.
    {
      const admin = await t.tokenFor('admin');
      const card = await t.call<{ hasEssay: boolean }>({ url: `/api/v1/card/find?examSubjectId=${victim.examSubject}`, token: admin });
      expect(card.body.code, card.body.msg).toBe(200);
      const saved = await t.call({ method: 'POST', url: '/api/v1/card/save', token: admin,
        payload: { examSubjectId: victim.examSubject, settings: { title: '越权测试答题卡', ...(card.body.data.hasEssay ? { essayWords: 300, pages: 4 } : {}) } } });
      expect(saved.body.code, saved.body.msg).toBe(200);
    }
    // A scanned batch and page of the victim exam subject, so that the scanning routes have something to refuse.
    {
      const exam = await db.selectFrom('exam').select(['id', 'school_id']).where('id', '=', victim.exam).executeTakeFirstOrThrow();
      const b = await db.insertInto('scan_batch').values({ school_id: exam.school_id, exam_id: exam.id, exam_subject_id: victim.examSubject, no: 1, name: '越权测试批次', status: 'done', created_by: null })
        .returning('id').executeTakeFirstOrThrow();
      const p = await db.insertInto('scan_page').values({ school_id: exam.school_id, batch_id: b.id, exam_subject_id: victim.examSubject, file_seq: 1, file_name: '越权测试.jpg',
        recognized: true, status: 'abnormal', intrinsic_kind: 'badFile', intrinsic_reason: '越权测试', abnormal_kind: 'badFile', reason: '越权测试' }).returning('id').executeTakeFirstOrThrow();
      victim.scanBatch = b.id;
      victim.scanPage = p.id;
    }
    // A marking block with a paper and a leased task of the victim exam subject (online marking routes).
    {
      const exam = await db.selectFrom('exam').select(['id', 'school_id']).where('id', '=', victim.exam).executeTakeFirstOrThrow();
      const es = await db.selectFrom('exam_student').select(['id', 'class_id']).where('id', '=', victim.examStudent).executeTakeFirstOrThrow();
      const blk = await db.insertInto('marking_block').values({ school_id: exam.school_id, exam_id: exam.id, exam_subject_id: victim.examSubject, name: '越权测试题块', tolerance: 1 })
        .returning('id').executeTakeFirstOrThrow();
      const paper = await db.insertInto('marking_paper').values({ school_id: exam.school_id, block_id: blk.id, exam_student_id: es.id, class_id: es.class_id, image_keys: [] })
        .returning('id').executeTakeFirstOrThrow();
      const task = await db.insertInto('marking_task').values({ school_id: exam.school_id, block_id: blk.id, paper_id: paper.id, round: 1 }).returning('id').executeTakeFirstOrThrow();
      victim.markingBlock = blk.id;
      victim.markingPaper = paper.id;
      victim.markingTask = task.id;
    }
    // Three knowledge points and questions of 示例中学's 校本题库 (数学), so that id 3 of the bank tables is its own.
    {
      for (let i = 1; i <= 3; i++) {
        const p = await db.insertInto('bank_knowledge_point').values({ school_id: victimSchoolId, course_code: 'SX', parent_id: null, name: `越权测试知识点${i}`, sort: i })
          .returning('id').executeTakeFirstOrThrow();
        const q = await db.insertInto('bank_question').values({ school_id: victimSchoolId, course_code: 'SX', type: 'fill', stem: `越权测试试题${i}` })
          .returning('id').executeTakeFirstOrThrow();
        await db.insertInto('bank_question_point').values({ question_id: q.id, point_id: p.id }).execute();
        await db.insertInto('bank_paper').values({ school_id: victimSchoolId, course_code: 'SX', title: `越权测试试卷${i}`, items: JSON.stringify([{ questionId: q.id, score: 5, section: '越权' }]) }).execute();
        victim.bankPoint = p.id;
      }
    }
    // Three teacher sign-up requests waiting for 示例中学 (signUp/approve, signUp/reject take their id).
    for (let i = 1; i <= 3; i++) {
      await db.insertInto('sign_up_request').values({ school_id: victimSchoolId, login_id: `sweep_signup${i}`, name: `越权测试注册${i}`, password_hash: 'x' }).execute();
    }
    // The generic id 3 must be 示例中学's in every school table, so that a route cannot succeed on 第二示范中学's own row.
    for (const table of ['school_class', 'school_grade', 'student', 'teacher', 'user_role', 'bank_knowledge_point', 'bank_question', 'bank_paper', 'sign_up_request']) {
      const row = await sql<{ school_id: number }>`select school_id from ${sql.table(table)} where id = 3`.execute(db);
      expect(row.rows[0]?.school_id, `${table} id 3`).toBe(school.id);
    }
    const other = await db.selectFrom('school').select('id').where('name', '=', '第二示范中学').executeTakeFirstOrThrow();
    const otherNames = new Set((await db.selectFrom('student').select('name').where('school_id', '=', other.id).execute()).map((r) => r.name));
    victimNames = (await db.selectFrom('student').select('name').where('school_id', '=', school.id).where('class_id', '=', victim.class).execute())
      .map((r) => r.name).filter((n) => !otherNames.has(n));
  });
  afterAll(async () => { await t.close(); });

  function idFor(name: string): number | undefined {
    const n = name.toLowerCase().replace(/s$/, '');
    if (n === 'loginid') return undefined;
    // A second, different row of 示例中学 for "to"/"target" ids (copy/transfer between two of its own rows).
    if (/^(to|target)/.test(n)) { const base = idFor(name.replace(/^(to|target)/i, '')); return base === undefined ? undefined : base + 1; }
    if (/examsubjectid$/.test(n)) return victim.examSubject;
    if (/^pageid$/.test(n)) return victim.scanPage;
    if (/^batchid$/.test(n)) return victim.scanBatch;
    if (/^blockid$/.test(n)) return victim.markingBlock;
    if (/^paperid$/.test(n)) return victim.markingPaper;
    if (/^taskid$/.test(n)) return victim.markingTask;
    if (/^(pointid|parentid)$/.test(n)) return victim.bankPoint;
    if (/examstudentid$/.test(n)) return victim.examStudent;
    if (/examid$/.test(n)) return victim.exam;
    if (/questionid$/.test(n)) return victim.question;
    if (/classid$|classcode$/.test(n)) return victim.class;
    if (/gradeid$/.test(n)) return victim.grade;
    if (/userid$/.test(n)) return victim.user;
    if (/studentid$/.test(n)) return victim.student;
    if (/teacherid$/.test(n)) return victim.teacher;
    if (/schoolyearid$/.test(n)) return victim.year;
    if (/semesterid$/.test(n)) return victim.semester;
    if (/schooltenantid$|schoolid$/.test(n)) return victim.school;
    if (n === 'id' || n === 'ids' || n === 'i' || /id$/.test(n)) return 3;
    return undefined;
  }

  /** A valid-looking value for a JSON schema, with 示例中学's ids in every id field. Returns [value, usedVictimId]. */
  function sample(name: string, s: JsonSchema | undefined, depth = 0): [unknown, boolean] {
    if (!s || depth > 6) return [undefined, false]; // deep enough for task_allocation/save_task_allocation (blocks[].markers[].userId)
    const alt = s.anyOf ?? s.oneOf;
    if (alt) return sample(name, alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    if (s.enum) return [s.enum[0], false];
    const id = idFor(name);
    if (type === 'object' || s.properties) {
      const out: Record<string, unknown> = {};
      let used = false;
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const [val, u] = sample(k, v, depth + 1);
        if (val !== undefined) out[k] = val;
        used ||= u;
      }
      return [out, used];
    }
    if (type === 'array') {
      const [val, u] = sample(name, s.items, depth + 1);
      return [val === undefined ? [] : [val], u];
    }
    if (type === 'integer' || type === 'number') return id !== undefined ? [id, true] : [Math.max(1, s.minimum ?? 1), false];
    if (type === 'string') {
      if (id !== undefined) return [String(id), true];
      if (s.format === 'date' || /date/i.test(name)) return ['2026-09-01', false];
      // A value that passes the field's own pattern, so the request reaches the access check.
      const candidates = ['测试', 'sweep_user1', '2026-2027', 'A1', 'SX', '1'];
      return [s.pattern ? candidates.find((c) => new RegExp(s.pattern!, 'u').test(c)) ?? '测试' : '测试', false];
    }
    if (type === 'boolean') return [false, false];
    if (!type) return [{}, false]; // an untyped value (e.g. a setting's JSON)
    return [undefined, false];
  }

  function requestFor(route: RouteEntry) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[path]?.[route.method.toLowerCase()];
    let url = route.url;
    let used = false;
    const query: Record<string, string> = {};
    for (const p of op?.parameters ?? []) {
      const [v, u] = sample(p.name, p.schema);
      used ||= u;
      if (v === undefined) continue;
      if (p.in === 'path') url = url.replace(`:${p.name}`, String(v));
      else if (p.in === 'query') query[p.name] = Array.isArray(v) ? String(v[0]) : String(v);
    }
    url = url.replace(/:(\w+)/g, (_, name) => { used = true; return String(idFor(name) ?? 3); });
    const schema = op?.requestBody?.content?.['application/json']?.schema;
    const [payload, u] = schema ? sample('body', schema) : [undefined, false];
    used ||= u;
    const qs = new URLSearchParams(query).toString();
    return { url: qs ? `${url}?${qs}` : url, payload: payload as object | undefined, used };
  }

  async function snapshot(): Promise<string> {
    const db = t.database.db;
    const parts: string[] = [];
    for (const table of ['school', 'school_grade', 'school_grade_course', 'school_year', 'semester', 'school_class', 'student', 'teacher', 'user_role', 'role_permission']) {
      const col = table === 'school' ? 'id' : 'school_id';
      const r = await sql<{ h: string }>`select coalesce(md5(string_agg(t::text, '|' order by t.id)), '') as h from ${sql.table(table)} t where ${sql.ref(col)} = ${victimSchoolId}`.execute(db);
      parts.push(`${table}:${r.rows[0]!.h}`);
    }
    const users = await sql<{ h: string }>`select coalesce(md5(string_agg(u.id || u.login_id || u.user_name || coalesce(u.email,'') || u.password_hash || u.status, '|' order by u.id)), '') as h from app_user u where u.school_id = ${victimSchoolId}`.execute(db);
    parts.push(`app_user:${users.rows[0]!.h}`);
    const exams = await sql<{ h: string }>`select coalesce(md5(string_agg(e::text, '|' order by e.id)), '') as h from exam e where e.school_id = ${victimSchoolId}`.execute(db).catch(() => ({ rows: [{ h: 'no exam table' }] }));
    parts.push(`exam:${exams.rows[0]!.h}`);
    // rooms and seats (exam_room/arrange) and candidates (exam_subject_student/add_from_grade) of 示例中学's exams
    const candidates = await sql<{ h: string }>`select coalesce(md5(string_agg(es::text, '|' order by es.id)), '') as h from exam_student es
      join exam e on e.id = es.exam_id where e.school_id = ${victimSchoolId}`.execute(db);
    parts.push(`exam_student:${candidates.rows[0]!.h}`);
    const cards = await sql<{ h: string }>`select coalesce(md5(string_agg(c::text, '|' order by c.id)), '') as h from answer_card c
      join exam_subject s on s.id = c.exam_subject_id join exam e on e.id = s.exam_id where e.school_id = ${victimSchoolId}`.execute(db);
    parts.push(`answer_card:${cards.rows[0]!.h}`);
    for (const table of ['scan_batch', 'scan_page', 'scan_operator', 'sheet_template', 'exam_subject_excluded', 'exam_room', 'marking_block', 'marking_marker', 'marking_paper', 'marking_task', 'marking_problem', 'marking_audit', 'marking_check', 'marking_trial_paper', 'marking_trial_marker', 'bank_knowledge_point', 'bank_question', 'bank_paper', 'sign_up_request', 'school_sign_up', 'assistant_school_setting']) {
      const r = await sql<{ h: string }>`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${sql.table(table)} t where t.school_id = ${victimSchoolId}`.execute(db);
      parts.push(`${table}:${r.rows[0]!.h}`);
    }
    return parts.join('\n');
  }

  it('refuses 第二示范中学 on every route that takes an id of 示例中学, and changes nothing', async () => {
    const token = await t.tokenFor('admin2');
    const before = await snapshot();
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.auth !== 'public' && !SKIP.test(r.url));
    const problems: string[] = [];
    let swept = 0;
    for (const route of routes) {
      const { url, payload, used } = requestFor(route);
      if (!used) continue;
      swept++;
      const res = await t.app.inject(/\/import|\/upload|\/rescan|\/make_template\/blank/.test(route.url) ? { method: 'POST', url, ...multipartFile(), headers: { authorization: token, ...multipartFile().headers } }
        : { method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (payload ?? {}), headers: { authorization: token } });
      const text = res.body;
      let code: number;
      try { code = JSON.parse(text).code; } catch { code = res.statusCode === 200 ? 200 : -1; }
      const leaked = text.includes('示例中学') || victimNames.some((n) => text.includes(n));
      if (![401, 403, 404].includes(code) || leaked) problems.push(`${route.method} ${url} → ${code}${leaked ? ' (leaks 示例中学 data)' : ''} ${text.slice(0, 120)}`);
    }
    expect(swept).toBeGreaterThan(40);
    // the joint reports are among them (a school exam is no joint exam of 第二示范中学's: 404 联考不存在)
    expect(routes.filter((r) => r.url.startsWith('/api/v1/joint_analysis/')).length).toBeGreaterThanOrEqual(40);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('serves a bank picture of 示例中学 only to a session of 示例中学 (another school 404, no session 401)', async () => {
    const name = '00000000-0000-4000-8000-00000000abcd.png';
    const bytes = Buffer.from('89504e470d0a1a0a', 'hex');
    await t.storage.put(`bank-images/${victimSchoolId}/${name}`, bytes);
    const url = `/api/v1/question_bank/image/${victimSchoolId}/${name}`;
    const body = async (token?: string) => {
      const res = await t.app.inject({ url, headers: token ? { authorization: token } : {} });
      return res.headers['content-type']?.toString().startsWith('image/') ? 'image' : res.json().code;
    };
    expect(await body()).toBe(401);
    expect(await body(await t.tokenFor('admin2'))).toBe(404);
    expect(await body(await t.tokenFor('teacher1'))).toBe('image');
    const route = t.app.routeTable.find((r) => r.url === '/api/v1/question_bank/image/:schoolId/:name');
    expect(route?.auth).not.toBe('public'); // and so also in the id sweep above
  });

  it('refuses head1 and teacher1 the classes, grades and students outside their scope', async () => {
    const db = t.database.db;
    const saved = victim;
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', victimSchoolId).where('name', '=', '高二').executeTakeFirstOrThrow();
    const gaoyi = await db.selectFrom('school_grade').select('id').where('school_id', '=', victimSchoolId).where('name', '=', '高一').executeTakeFirstOrThrow();
    const cls = await db.selectFrom('school_class').select('id').where('grade_id', '=', gaoyi.id).where('name', '=', '3班').executeTakeFirstOrThrow();
    const student = await db.selectFrom('student').select(['id', 'name']).where('class_id', '=', cls.id).orderBy('id').executeTakeFirstOrThrow();
    const names = (await db.selectFrom('student').select('name').where('class_id', '=', cls.id).execute()).map((r) => r.name);
    const ownNames = new Set((await db.selectFrom('student as s').innerJoin('school_class as c', 'c.id', 's.class_id')
      .select('s.name').where('c.grade_id', '=', gaoyi.id).where('c.name', 'in', ['1班', '2班']).execute()).map((r) => r.name));
    const foreign = names.filter((n) => !ownNames.has(n));
    victim = { ...saved, class: cls.id, grade: grade.id, student: student.id };
    const problems: string[] = [];
    let checked = 0;
    try {
      for (const loginId of ['head1', 'teacher1']) {
        const token = await t.tokenFor(loginId);
        for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.auth !== 'public' && !SKIP.test(r.url))) {
          const { url, payload } = requestFor(route);
          if (!/(classId|classIds|gradeId|studentId)=|"(classId|classIds|gradeId|studentId)"/.test(url + JSON.stringify(payload ?? {}))) continue;
          const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (payload ?? {}), headers: { authorization: token } });
          checked++;
          const code = (() => { try { return JSON.parse(res.body).code; } catch { return res.statusCode; } })();
          const leaked = foreign.some((n) => res.body.includes(n));
          if (![401, 403, 404].includes(code) || leaked) problems.push(`${loginId} ${route.method} ${url} → ${code}${leaked ? ' (leaks 3班 students)' : ''} ${res.body.slice(0, 100)}`);
        }
      }
    } finally {
      victim = saved;
    }
    expect(checked).toBeGreaterThan(10);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('refuses every demo role the routes whose permission it lacks (403)', async () => {
    const accounts: Array<[string, keyof typeof DEFAULT_ROLE_PERMISSIONS]> = [['grade1', 'grade_leader'], ['lesson1', 'lesson_leader'], ['teacher1', 'subject_teacher']];
    const before = await snapshot();
    const problems: string[] = [];
    let checked = 0;
    for (const [loginId] of accounts) {
      const token = await t.tokenFor(loginId);
      const me = (await t.call<{ permissions: string[] }>({ url: '/api/v1/teach/user/getCurrentUserInfo', token })).body.data;
      const held = new Set(me.permissions);
      for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.permission && !held.has(r.permission))) {
        const { url, payload } = requestFor(route);
        const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (payload ?? {}), headers: { authorization: token } });
        checked++;
        const code = (() => { try { return JSON.parse(res.body).code; } catch { return res.statusCode; } })();
        if (code !== 403) problems.push(`${loginId} ${route.method} ${url} (${route.permission}) → ${code}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('refuses the scanning routes of 示例中学 to teachers without the scanning duty (403), changing nothing', async () => {
    const before = await snapshot();
    const routes = t.app.routeTable.filter((r) => /^\/api\/v1\/(scanned|calculateScore|standard_answer\/objective_recognize_result|make_template)/.test(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const problems: string[] = [];
    for (const loginId of ['teacher1', 'head1']) {
      const token = await t.tokenFor(loginId);
      for (const route of routes) {
        const { url, payload } = requestFor(route);
        const res = await t.app.inject(/\/upload|\/rescan|\/make_template\/blank/.test(route.url) ? { method: 'POST', url, ...multipartFile(), headers: { authorization: token, ...multipartFile().headers } }
          : { method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (payload ?? {}), headers: { authorization: token } });
        const code = (() => { try { return JSON.parse(res.body).code; } catch { return res.statusCode; } })();
        if (code !== 403) problems.push(`${loginId} ${route.method} ${url} → ${code} ${res.body.slice(0, 80)}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('refuses the online marking routes of 示例中学 to teachers neither marking nor leading the block (403), changing nothing', async () => {
    const before = await snapshot();
    // with the live monitor's event stream (marking/monitor/events: refused before any stream opens) and the
    // standard-answer images (standard_answer/*image*)
    const routes = t.app.routeTable.filter((r) => /^\/api\/v1\/(marking|task_allocation|answer|sampling|monitor|progress)\/|^\/api\/v1\/standard_answer\/(\w*image|save_text)/.test(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(41);
    for (const path of ['marking/monitor/events', 'standard_answer/upload_image', 'standard_answer/image', 'standard_answer/images', 'standard_answer/delete_image', 'standard_answer/save_text', 'monitor/blockCharts',
      'marking/monitor/export', 'task_allocation/block_regions', 'task_allocation/block_page_image', 'task_allocation/save_block_region', 'marking/reassign']) {
      expect(routes.map((r) => r.url)).toContain(`/api/v1/${path}`);
    }
    const problems: string[] = [];
    let checked = 0;
    for (const loginId of ['teacher1', 'head1']) {
      const token = await t.tokenFor(loginId);
      for (const route of routes) {
        const { url, payload, used } = requestFor(route);
        if (!used) continue;
        checked++;
        const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (payload ?? {}), headers: { authorization: token } });
        const code = (() => { try { return JSON.parse(res.body).code; } catch { return res.statusCode; } })();
        if (code !== 403) problems.push(`${loginId} ${route.method} ${url} → ${code} ${res.body.slice(0, 80)}`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(60);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('refuses every teaching route but the password change to an account whose password someone else set (428)', async () => {
    const db = t.database.db;
    await db.updateTable('app_user').set({ must_change_password: true }).where('login_id', '=', 'admin').execute();
    const token = await t.tokenFor('admin');
    const before = await snapshot();
    const allowed = new Set(['GET /api/v1/teach/user/getCurrentUserInfo', 'POST /api/v1/pc_personal/update_password', 'GET /api/v1/pc_personal/find_user_info']);
    const problems: string[] = [];
    try {
      for (const route of t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.auth !== 'public')) {
        if (allowed.has(`${route.method} ${route.url}`)) continue;
        const { url, payload } = requestFor(route);
        const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (payload ?? {}), headers: { authorization: token } });
        const code = (() => { try { return JSON.parse(res.body).code; } catch { return res.statusCode; } })();
        if (code !== 428) problems.push(`${route.method} ${url} → ${code}`);
      }
      expect((await t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token })).body.data.mustChangePassword).toBe(true);
    } finally {
      await db.updateTable('app_user').set({ must_change_password: false }).where('login_id', '=', 'admin').execute();
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('gives a student only her own data on every student route; refuses teacher tokens there (401)', async () => {
    const db = t.database.db;
    const me = await db.selectFrom('student as s').innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.id', 's.name', 's.admission_no', 's.class_id']).where('u.login_id', '=', 'student1').executeTakeFirstOrThrow();
    /** A student account for a student record, as the seed makes student1. */
    const account = async (studentId: number, loginId: string) => {
      const st = await db.selectFrom('student as s').innerJoin('school_class as c', 'c.id', 's.class_id')
        .select(['s.school_id', 's.name', 's.class_id', 'c.grade_id']).where('s.id', '=', studentId).executeTakeFirstOrThrow();
      const u = await db.insertInto('app_user').values({ school_id: st.school_id, login_id: loginId, user_name: st.name, password_hash: 'x', user_type: 'student' })
        .returning('id').executeTakeFirstOrThrow();
      await db.updateTable('student').set({ user_id: u.id }).where('id', '=', studentId).execute();
      await db.insertInto('user_role').values({ school_id: st.school_id, user_id: u.id, role_code: 'student', grade_id: st.grade_id, class_id: st.class_id }).execute();
      return t.tokenFor(loginId);
    };
    const mate = await db.selectFrom('student').select('id').where('class_id', '=', me.class_id).where('id', '!=', me.id).orderBy('id').executeTakeFirstOrThrow();
    const other = await db.selectFrom('student as s').innerJoin('school as sc', 'sc.id', 's.school_id').select('s.id').where('sc.name', '=', '第二示范中学').orderBy('s.id').executeTakeFirstOrThrow();
    const classmate = await account(mate.id, 'sweep_mate');
    const foreign = await account(other.id, 'sweep_foreign');
    const student1 = await t.tokenFor('student1');
    // her released exam and her own slip job: the ids another student must not get anything of
    const exam = await db.selectFrom('exam_student as es').innerJoin('exam_report as r', 'r.exam_id', 'es.exam_id').select('es.exam_id')
      .where('es.student_id', '=', me.id).orderBy('es.exam_id').executeTakeFirstOrThrow();
    const job = await t.call<{ jobId: string }>({ method: 'POST', url: '/studentApi/v1/report/slip', token: student1, payload: { examId: exam.exam_id } });
    expect(job.body.code, job.body.msg).toBe(200);
    const teachers = await Promise.all(['admin', 'head1', 'admin2'].map((l) => t.tokenFor(l)));
    // a live scanned page of hers in that exam (the answer-card routes): the page id no other student may read
    const esRow = await db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.exam_id).where('student_id', '=', me.id).executeTakeFirstOrThrow();
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.exam_id).orderBy('id').executeTakeFirstOrThrow();
    const sb = await db.insertInto('scan_batch').values({ school_id: victimSchoolId, exam_id: exam.exam_id, exam_subject_id: subject.id, no: 901, name: '越权测试批次', status: 'done', created_by: null })
      .returning('id').executeTakeFirstOrThrow();
    const sp = await db.insertInto('scan_page').values({ school_id: victimSchoolId, batch_id: sb.id, exam_subject_id: subject.id, file_seq: 1, file_name: '越权测试.jpg',
      recognized: true, status: 'ok', page_no: 1, exam_student_id: esRow.id, image_key: 'sweep/student1.jpg' }).returning('id').executeTakeFirstOrThrow();
    const saved = victim;
    victim = { ...saved, exam: exam.exam_id, examSubject: subject.id, scanPage: sp.id };
    const problems: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/studentApi/v1/') && r.auth !== 'public');
    try {
      for (const route of routes) {
        const sampled = requestFor(route);
        const url = route.url.includes(':id') ? sampled.url.replace(/\/3(?=\/|$|\?)/, `/${job.body.data.jobId}`) : sampled.url;
        const send = async (token: string) => {
          const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (sampled.payload ?? {}), headers: { authorization: token } });
          const code = (() => { try { return JSON.parse(res.body).code; } catch { return res.statusCode; } })();
          // her 考号 is a leak only where the caller's own differs (each school numbers its students alike)
          const ownNo = (await db.selectFrom('student').select('admission_no').where('id', '=', token === foreign ? other.id : mate.id).executeTakeFirst())?.admission_no;
          const leaked = res.body.includes(me.name) || (ownNo !== me.admission_no && res.body.includes(me.admission_no));
          return { code, leaked, text: res.body.slice(0, 100) };
        };
        for (const token of teachers) {
          const r = await send(token);
          if (r.code !== 401) problems.push(`teacher ${route.method} ${url} → ${r.code}`);
        }
        // another school's student: refused wherever the request names student1's exam or job; never her data
        const f = await send(foreign);
        if (((sampled.used || route.url.includes(':id')) && ![403, 404].includes(f.code)) || f.leaked) problems.push(`第二示范中学 student ${route.method} ${url} → ${f.code}${f.leaked ? ' (leaks student1)' : ''} ${f.text}`);
        // the classmate: her own answers only; student1's job refused
        const m = await send(classmate);
        if (m.leaked || (route.url.includes(':id') && m.code !== 403) || (route.url.endsWith('/sheet/image') && m.code !== 404)) problems.push(`classmate ${route.method} ${url} → ${m.code}${m.leaked ? ' (leaks student1)' : ''} ${m.text}`);
      }
    } finally {
      victim = saved;
    }
    for (const path of ['/report/list', '/report/detail', '/report/subject', '/report/sheet', '/report/sheet/image', '/report/slip', '/report/slip/:id', '/report/slip/:id/file', '/user/info']) {
      expect(routes.map((r) => r.url), path).toContain(`/studentApi/v1${path}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('refuses the 条形码贴 job (render/jobs type labels) of 示例中学 to another school and to roles without the exam, creating no job', async () => {
    const db = t.database.db;
    const before = Number((await sql<{ n: number }>`select count(*)::int as n from job`.execute(db)).rows[0]!.n);
    const body = { type: 'labels', examId: victim.exam, examSubjectId: victim.examSubject, labelOrder: 'class' };
    const problems: string[] = [];
    // admin2: another school; student1: a student token on /api/v1
    for (const [login, want] of [['admin2', 403], ['student1', 401]] as const) {
      const r = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: await t.tokenFor(login), payload: body });
      if (r.body.code !== want) problems.push(`${login} → ${r.body.code} ${r.body.msg}`);
    }
    // a class of 示例中学 asked for by 第二示范中学's administrator on its own exam is refused too
    const own = (await sql<{ id: number }>`select min(e.id)::int as id from exam e join school s on s.id = e.school_id where s.name <> '示例中学'`.execute(db)).rows[0]?.id;
    if (own) {
      const r = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: await t.tokenFor('admin2'), payload: { type: 'labels', examId: own, classIds: [victim.class] } });
      if (r.body.code !== 403) problems.push(`admin2 with 示例中学's class → ${r.body.code} ${r.body.msg}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from job`.execute(db)).rows[0]!.n)).toBe(before);
  });

  it('gives a school of the demo joint exam no organiser route and no other school\'s candidate (403), changing nothing', async () => {
    const db = t.database.db;
    const exam = await db.selectFrom('exam as e').innerJoin('school as s', 's.id', 'e.school_id').select('e.id').where('s.code', '=', 'SFSJYJ').executeTakeFirstOrThrow();
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).orderBy('sort').executeTakeFirstOrThrow();
    const foreign = await db.selectFrom('exam_student').select(['id', 'class_id']).where('exam_id', '=', exam.id).where('school_id', '=', victimSchoolId).orderBy('id').executeTakeFirstOrThrow();
    const before = await snapshot();
    const admin2 = await t.tokenFor('admin2');
    const problems: string[] = [];
    const calls: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'POST', url: '/api/v1/joint_exam/set_scoring', payload: { examId: exam.id, courseCode: 'YW', scoring: 'school_marking' } },
      { method: 'POST', url: '/api/v1/joint_exam/invite', payload: { examId: exam.id, schoolIds: [victimSchoolId] } },
      { method: 'POST', url: '/api/v1/publish/release', payload: { examId: exam.id } },
      { method: 'GET', url: `/api/v1/publish/check?examId=${exam.id}` },
      { method: 'GET', url: `/api/v1/question_score/find?examId=${exam.id}&examStudentId=${foreign.id}` },
      { method: 'GET', url: `/api/v1/scanned_student/list?examSubjectId=${subject.id}` },
      { method: 'GET', url: `/api/v1/scanned_student/detail?examSubjectId=${subject.id}&examStudentId=${foreign.id}` },
      // 各校阅卷 is not this exam's scoring: no allocation, progress or monitor of it for a school
      { method: 'GET', url: `/api/v1/task_allocation/find_group_list?examSubjectId=${subject.id}` },
      { method: 'GET', url: `/api/v1/answer/userList?examSubjectId=${subject.id}` },
      { method: 'POST', url: '/api/v1/task_allocation/save_task_allocation', payload: { examSubjectId: subject.id, blocks: [] } },
      { method: 'GET', url: `/api/v1/progress/find_progress?examSubjectId=${subject.id}` },
      { method: 'GET', url: `/api/v1/monitor/topicList?examId=${exam.id}` },
      { method: 'GET', url: `/api/v1/marking/monitor/export?examId=${exam.id}` },
      // printed joint reports and slips go through the joint access: not another school's class
      { method: 'POST', url: '/api/v1/render/jobs', payload: { type: 'report', examId: exam.id, classIds: [foreign.class_id] } },
      { method: 'POST', url: '/api/v1/render/jobs', payload: { type: 'excel', examId: exam.id, classIds: [foreign.class_id] } },
      { method: 'POST', url: '/api/v1/render/jobs', payload: { type: 'slips', examId: exam.id, classIds: [foreign.class_id] } },
    ];
    for (const c of calls) {
      const r = await t.call({ method: c.method, url: c.url, token: admin2, ...(c.payload ? { payload: c.payload } : {}) });
      if (r.body.code !== 403) problems.push(`${c.method} ${c.url} → ${r.body.code} ${r.body.msg}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // exam_manage/find_exam answers the school its own part only: its own candidates, no 学校导入 subject
    const own = await db.selectFrom('exam_student as es').innerJoin('app_user as u', 'u.school_id', 'es.school_id').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('es.exam_id', '=', exam.id).where('u.login_id', '=', 'admin2').executeTakeFirstOrThrow();
    const seen = await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${exam.id}`, token: admin2 });
    expect(seen.body.data).toMatchObject({ studentCount: Number(own.n), subjects: [] });
    expect(await snapshot()).toBe(before);
  });

  it('refuses school tokens on /adminApi and student tokens on /api/v1 (401)', async () => {
    const school = await t.tokenFor('admin');
    const student = await t.tokenFor('student1');
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.auth === 'public' || route.url.startsWith('/api/docs')) continue;
      const { url, payload } = requestFor(route);
      const token = route.url.startsWith('/adminApi/') ? school : route.url.startsWith('/api/v1/') ? student : undefined;
      if (!token) continue;
      const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : (payload ?? {}), headers: { authorization: token } });
      const code = (() => { try { return JSON.parse(res.body).code; } catch { return res.statusCode; } })();
      if (code !== 401) problems.push(`${route.method} ${url} → ${code}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
