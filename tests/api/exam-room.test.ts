import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { mulberry32 } from '@jz/shared/random';
import type { Exam } from '@jz/shared/api/exam';
import type { ExamRoomList, GradeCandidate, SubjectStudentPage } from '@jz/shared/api/exam-room';
import type { ScanOverview } from '@jz/shared/api/scan';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';

/**
 * 选择考生名单 and 考场编排 (exam_subject_student/*, exam_room/*) on a new exam of 示例中学 高二 (classes 1 and 2, two
 * subjects). Expected lists and counts come from the student table read directly (active students of the two
 * classes, ordered by class then 学号 as a proctor's list is) and, for random seating, from a Fisher–Yates shuffle
 * on mulberry32(seed) written out here.
 */
describe.each(dbKinds)('subject candidates and exam rooms on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let exam: Exam;
  let yw: number;
  let sx: number;
  /** Expected candidates in class order: exam-student id, name, class sort. */
  let roster: { id: number; name: string }[];
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
    const r = await t.call<T>({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });
    return r.body;
  };
  const okCall = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const b = await call<T>(method, url, payload);
    expect(b.code, b.msg).toBe(200);
    return b.data;
  };
  const list = (subject: number, extra = '') => okCall<SubjectStudentPage>('GET', `exam_subject_student/find_page?examSubjectId=${subject}&size=1000${extra}`);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-exam-room-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const grade = await db.selectFrom('school_grade as g').innerJoin('school as s', 's.id', 'g.school_id').select('g.id')
      .where('s.code', '=', 'SLZX').where('g.name', '=', '高二').executeTakeFirstOrThrow();
    const classes = await db.selectFrom('school_class').select(['id', 'sort']).where('grade_id', '=', grade.id).orderBy('sort').limit(2).execute();
    exam = await okCall<Exam>('POST', 'exam_manage/add_multipart_exam', {
      name: '考场编排测试', examType: 5, gradeId: grade.id, startDate: '2026-10-12', endDate: '2026-10-12', classIds: classes.map((c) => c.id),
      subjects: [{ courseCode: 'YW', fullScore: 100 }, { courseCode: 'SX', fullScore: 100 }],
    });
    [yw, sx] = exam.subjects.map((s) => s.id) as [number, number];
    const rows = await db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('school_class as c', 'c.id', 'es.class_id')
      .select(['es.id', 'st.name', 'c.sort', 'st.admission_no']).where('es.exam_id', '=', exam.id).execute();
    roster = rows.sort((a, b) => a.sort - b.sort || a.admission_no.localeCompare(b.admission_no)).map((r) => ({ id: r.id, name: r.name }));
    const active = await db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n')).where('class_id', 'in', classes.map((c) => c.id)).where('status', '=', 1).executeTakeFirstOrThrow();
    expect(roster.length).toBe(Number(active.n));
  }, 120_000);
  afterAll(async () => { await t.close(); rmSync(dataDir, { recursive: true, force: true }); });

  it('lists the candidates of a subject in class order with the counts, filtered by class and keyword', async () => {
    const all = await list(yw);
    expect(all.records.map((r) => r.examStudentId)).toEqual(roster.map((r) => r.id));
    expect([all.examCount, all.takingCount, all.total]).toEqual([roster.length, roster.length, roster.length]);
    expect(all.records.every((r) => r.taking)).toBe(true);
    const firstClass = all.records[0]!.classId;
    const byClass = await list(yw, `&classId=${firstClass}`);
    expect(byClass.records.every((r) => r.classId === firstClass)).toBe(true);
    expect(byClass.total).toBe(all.records.filter((r) => r.classId === firstClass).length);
    const one = await list(yw, `&keyword=${encodeURIComponent(all.records[3]!.examNo)}`);
    expect(one.records.map((r) => r.examStudentId)).toEqual([all.records[3]!.examStudentId]);
  });

  it('removes students from one subject only and adds them back; the scan counters follow', async () => {
    const out = roster.slice(0, 3).map((r) => r.id);
    expect(await okCall('POST', 'exam_subject_student/remove', { examSubjectId: yw, examStudentIds: out })).toEqual({ count: 3 });
    const after = await list(yw);
    expect(after.takingCount).toBe(roster.length - 3);
    expect((await list(yw, '&taking=no')).records.map((r) => r.examStudentId)).toEqual(out);
    expect((await list(sx)).takingCount).toBe(roster.length);
    const o = await okCall<ScanOverview>('GET', `scanned_batch/list?examSubjectId=${yw}`);
    expect([o.counters.studentCount, o.counters.noScanCount]).toEqual([roster.length - 3, roster.length - 3]);
    const detail = await okCall<Exam>('GET', `exam_manage/find_exam?examId=${exam.id}`);
    expect(detail.subjects.map((s) => s.noScanCount)).toEqual([roster.length - 3, roster.length]);
    expect(await okCall('POST', 'exam_subject_student/add', { examSubjectId: yw, examStudentIds: [out[0]] })).toEqual({ count: 1 });
    expect((await list(yw)).takingCount).toBe(roster.length - 2);
  });

  it('refuses a student with data in the subject, another exam\'s student, and the wrong roles, changing nothing', async () => {
    const busy = roster[5]!;
    await t.database.db.insertInto('subject_absence').values({ exam_subject_id: sx, exam_student_id: busy.id }).execute();
    const r = await call('POST', 'exam_subject_student/remove', { examSubjectId: sx, examStudentIds: [roster[6]!.id, busy.id] });
    expect(r.code).toBe(400);
    expect(r.msg).toBe(`${busy.name}在本科目已有答题卡、成绩或缺考记录，不能移出考生名单`);
    expect((await list(sx)).takingCount).toBe(roster.length);
    const other = await t.database.db.selectFrom('exam_student').select('id').where('exam_id', '!=', exam.id).limit(1).executeTakeFirstOrThrow();
    const foreign = await call('POST', 'exam_subject_student/remove', { examSubjectId: sx, examStudentIds: [other.id] });
    expect([foreign.code, foreign.msg]).toEqual([400, '所选考生不是本次考试的考生']);
    // lesson1 leads 高一 数学, teacher1 teaches: neither may change a 高二 subject's list or its rooms
    for (const login of ['lesson1', 'teacher1']) {
      const token = await t.tokenFor(login);
      expect((await call('POST', 'exam_subject_student/remove', { examSubjectId: sx, examStudentIds: [roster[6]!.id] }, token)).code).toBe(403);
      expect((await call('POST', 'exam_room/save', { examId: exam.id, rooms: [{ name: '1', capacity: 10 }] }, token)).code).toBe(403);
    }
    const released = await t.database.db.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id').innerJoin('exam_student as es', 'es.exam_id', 'e.id')
      .select(['s.id', 'es.id as esId']).where('e.released_at', 'is not', null).limit(1).executeTakeFirstOrThrow();
    const rel = await call('POST', 'exam_subject_student/remove', { examSubjectId: released.id, examStudentIds: [released.esId] });
    expect([rel.code, rel.msg]).toEqual([400, '成绩已发布，不能修改考生名单']);
  });

  it('imports students of the grade into this subject only', async () => {
    const candidates = await okCall<GradeCandidate[]>('GET', `exam_subject_student/grade_candidates?examSubjectId=${sx}`);
    const inExam = new Set((await list(sx)).records.map((r) => r.studentId));
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.some((c) => inExam.has(c.studentId))).toBe(false);
    const pick = candidates.slice(0, 2).map((c) => c.studentId);
    expect(await okCall('POST', 'exam_subject_student/add_from_grade', { examSubjectId: sx, studentIds: pick })).toEqual({ count: 2 });
    const s = await list(sx);
    expect([s.examCount, s.takingCount]).toEqual([roster.length + 2, roster.length + 2]);
    const y = await list(yw);
    expect([y.examCount, y.takingCount]).toEqual([roster.length + 2, roster.length - 2]);
    const again = await call('POST', 'exam_subject_student/add_from_grade', { examSubjectId: sx, studentIds: pick });
    expect([again.code, again.msg]).toEqual([400, '所选学生不是本年级在读且未参加本次考试的学生']);
    const added = s.records.filter((r) => pick.includes(r.studentId)).map((r) => ({ id: r.examStudentId, name: r.name }));
    roster = [...roster, ...added];
  });

  it('seats every candidate room by room in class order or by seed, refuses too small rooms, and exports the list', async () => {
    const n = roster.length;
    const small = await call('POST', 'exam_room/save', { examId: exam.id, rooms: [{ name: '101', capacity: 5 }] });
    expect(small.code, small.msg).toBe(200);
    const refused = await call('POST', 'exam_room/arrange', { examId: exam.id, order: 'class' });
    expect([refused.code, refused.msg]).toEqual([400, `考场容量不足：共 ${n} 名考生，考场总容量 5`]);
    const dup = await call('POST', 'exam_room/save', { examId: exam.id, rooms: [{ name: '101', capacity: 5 }, { name: '101', capacity: 5 }] });
    expect([dup.code, dup.msg]).toEqual([400, '考场名称重复：101']);
    const rooms = [{ name: '第1考场', capacity: 30 }, { name: '第2考场', capacity: 30 }, { name: '第3考场', capacity: 30 }, { name: '第4考场', capacity: 30 }];
    await okCall('POST', 'exam_room/save', { examId: exam.id, rooms });
    const seatsOf = async () => {
      const all = await okCall<{ records: { id: number; room: string; seat: number | null }[] }>('GET', `exam_student/find_page?examId=${exam.id}&size=1000`);
      return new Map(all.records.map((r) => [r.id, `${r.room}-${r.seat}`]));
    };
    const expected = (order: { id: number }[]) => new Map(order.map((s, i) => [s.id, `${rooms[Math.floor(i / 30)]!.name}-${(i % 30) + 1}`]));

    expect(await okCall('POST', 'exam_room/arrange', { examId: exam.id, order: 'class' })).toEqual({ rooms: Math.ceil(n / 30), students: n });
    const byClass = await t.database.db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('school_class as c', 'c.id', 'es.class_id')
      .select(['es.id', 'c.sort', 'c.id as cid', 'st.admission_no']).where('es.exam_id', '=', exam.id).execute();
    const classOrder = byClass.sort((a, b) => a.sort - b.sort || a.cid - b.cid || a.admission_no.localeCompare(b.admission_no));
    expect(await seatsOf()).toEqual(expected(classOrder));

    const shuffled = classOrder.slice();
    const rnd = mulberry32(7);
    for (let i = shuffled.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]; }
    await okCall('POST', 'exam_room/arrange', { examId: exam.id, order: 'random', seed: 7 });
    const random7 = await seatsOf();
    expect(random7).toEqual(expected(shuffled));
    await okCall('POST', 'exam_room/arrange', { examId: exam.id, order: 'random', seed: 8 });
    expect(await seatsOf()).not.toEqual(random7);

    const listed = await okCall<ExamRoomList>('GET', `exam_room/list?examId=${exam.id}`);
    expect(listed.rooms.map((r) => [r.name, r.capacity, r.assigned])).toEqual(rooms.map((r, i) => [r.name, r.capacity, Math.max(0, Math.min(30, n - i * 30))]));
    expect([listed.studentCount, listed.unassigned]).toEqual([n, 0]);

    const res = await t.app.inject({ method: 'GET', url: `/api/v1/exam_room/export?examId=${exam.id}`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('考场安排')!;
    expect(ws.getRow(1).values).toEqual([undefined, '考场', '座号', '考号', '姓名', '班级']);
    expect(ws.rowCount).toBe(n + 1);
    expect([ws.getRow(2).getCell(1).value, ws.getRow(2).getCell(2).value]).toEqual(['第1考场', 1]);
  });
  /** Exam-student ids taking the subject, read straight from exam_student and exam_subject_excluded. */
  const takingIds = async (subject: number) => new Set((await t.database.db.selectFrom('exam_student as es').select('es.id').where('es.exam_id', '=', exam.id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('exam_subject_excluded as x').select('x.exam_student_id').whereRef('x.exam_student_id', '=', 'es.id').where('x.exam_subject_id', '=', subject))))
    .execute()).map((r) => r.id));

  it('lists only the subject\'s own candidates in scanning (list, counters, detail)', async () => {
    const taking = await takingIds(yw);
    expect(taking.size).toBeLessThan(roster.length); // earlier tests left some out of 语文
    const page = await okCall<{ records: { examStudentId: number }[]; total: number; counters: { studentCount: number; noScanCount: number } }>(
      'GET', `scanned_student/list?examSubjectId=${yw}&size=500`);
    expect(new Set(page.records.map((r) => r.examStudentId))).toEqual(taking);
    expect([page.total, page.counters.studentCount, page.counters.noScanCount]).toEqual([taking.size, taking.size, taking.size]);
    const out = roster.find((r) => !taking.has(r.id))!;
    const detail = await call('GET', `scanned_student/detail?examSubjectId=${yw}&examStudentId=${out.id}`);
    expect(detail.code).not.toBe(200);
    const sxPage = await okCall<{ total: number }>('GET', `scanned_student/list?examSubjectId=${sx}&size=500`);
    expect(sxPage.total).toBe((await takingIds(sx)).size);
  });

  it('prints 条形码贴 of a subject\'s candidates room by room in seat order, 24 to a sheet; refuses other grades\' teachers', async () => {
    const taking = await takingIds(yw);
    const rows = await t.database.db.selectFrom('exam_student as es').innerJoin('exam_room as r', (j) => j.onRef('r.exam_id', '=', 'es.exam_id').onRef('r.name', '=', 'es.room'))
      .select(['es.id', 'es.exam_no', 'es.seat', 'r.name', 'r.sort']).where('es.exam_id', '=', exam.id).execute();
    const mine = rows.filter((r) => taking.has(r.id)).sort((a, b) => a.sort - b.sort || a.seat! - b.seat!);
    // sheets: per room, 24 labels a sheet, each room from a new sheet
    const expected: { room: string; nos: string[] }[] = [];
    for (const room of [...new Set(mine.map((r) => r.name))]) {
      const inRoom = mine.filter((r) => r.name === room);
      for (let i = 0; i < inRoom.length; i += 24) expected.push({ room, nos: inRoom.slice(i, i + 24).map((r) => r.exam_no) });
    }
    const created = await okCall<{ jobId: string }>('POST', 'render/jobs', { type: 'labels', examId: exam.id, examSubjectId: yw, labelOrder: 'room' });
    let job: { state: string; error: string | null; fileName: string } | undefined;
    for (let i = 0; i < 600; i++) {
      job = await okCall('GET', `render/jobs/${created.jobId}`);
      if (job!.state === 'completed' || job!.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job!.error).toBeNull();
    expect(job!.fileName).toBe(`${exam.name}-语文-条形码贴.pdf`);
    const res = await t.app.inject({ url: `/api/v1/render/jobs/${created.jobId}/file`, headers: { authorization: admin } });
    const pdf = new Uint8Array(res.rawPayload);
    expect(pdfInfo(pdf).pages).toBe(expected.length);
    const pages = pdfText(pdf).split('\f').map((p) => p.replace(/\s+/g, ''));
    expected.forEach((e, i) => {
      expect(pages[i]).toContain(e.room);
      for (const no of e.nos) expect(pages[i], `第${i + 1}页 ${no}`).toContain(no);
    });
    const outNo = rows.find((r) => !taking.has(r.id))!.exam_no;
    expect(pages.join('')).not.toContain(outNo);
    // teacher1 and head1 teach 高一: the 高二 exam is not theirs
    for (const login of ['teacher1', 'head1']) {
      const r = await call('POST', 'render/jobs', { type: 'labels', examId: exam.id, labelOrder: 'class' }, await t.tokenFor(login));
      expect(r.code, login).toBe(403);
    }
    const unknown = await call('POST', 'render/jobs', { type: 'labels', examId: exam.id, rooms: ['没有这个考场'] });
    expect([unknown.code, unknown.msg]).toEqual([400, '没有符合条件的考生']);
  });

  it('score import: the totals template marks 不考, left-out candidates get no absence, and a score for one is refused', async () => {
    const res = await t.app.inject({ url: `/api/v1/grade_import/template?examId=${exam.id}&kind=total`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const ywCol = header.indexOf('语文') + 1;
    const sxCol = header.indexOf('数学') + 1;
    const takingYw = await takingIds(yw);
    const byNo = new Map((await t.database.db.selectFrom('exam_student').select(['id', 'exam_no']).where('exam_id', '=', exam.id).execute()).map((r) => [r.exam_no, r.id]));
    const data: unknown[][] = [header];
    let marked = 0;
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r).values as unknown[];
      const v = header.map((_, i) => row[i + 1] ?? null); // ExcelJS drops trailing empty cells
      const id = byNo.get(String(v[0]))!;
      if (!takingYw.has(id)) { expect(v[ywCol - 1]).toBe('不考'); marked++; }
      data.push(v.map((c, i) => (i === ywCol - 1 ? (c === '不考' ? c : 80) : i === sxCol - 1 ? 90 : c)));
    }
    expect(marked).toBe(roster.length - takingYw.size);
    const upload = async (rows: unknown[][]) => {
      const out = new ExcelJS.Workbook();
      const sheet = out.addWorksheet(ws.name);
      rows.forEach((r) => sheet.addRow(r));
      const file = Buffer.from(await out.xlsx.writeBuffer());
      const boundary = '----jzExamRoom';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="examId"\r\n\r\n${exam.id}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return (await t.call<{ subjects: { courseName: string; scored: number; absent: number; notInFile: number }[] }>({
        method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })).body;
    };
    const outRow = data.findIndex((r, i) => i > 0 && r[ywCol - 1] === '不考');
    const bad = data.map((r, i) => (i === outRow ? r.map((c, k) => (k === ywCol - 1 ? 70 : c)) : r));
    const refused = await upload(bad);
    expect(refused.code).toBe(400);
    const o = data[outRow]!;
    expect((refused.data as unknown as { errors: unknown[] }).errors).toEqual([
      { sheet: ws.name, row: outRow + 1, column: String.fromCharCode(64 + ywCol), reason: `考生 ${String(o[1])}（${String(o[0])}）不在语文的考生名单中` }]);
    const done = await upload(data);
    expect(done.code, done.msg).toBe(200);
    expect(done.data.subjects.map((s) => [s.courseName, s.scored, s.absent, s.notInFile]).sort())
      .toEqual([['数学', roster.length, 0, 0], ['语文', takingYw.size, 0, 0]].sort());
    const absences = await t.database.db.selectFrom('subject_absence').select('exam_student_id').where('exam_subject_id', '=', yw).execute();
    expect(absences).toEqual([]);
  });
});
