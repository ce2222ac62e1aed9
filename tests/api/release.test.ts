import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam, type SmallExam, scoresOf } from '../fixtures/small-exam.js';
import { releaseExam, waitForRelease } from '../../apps/api/src/modules/release/release.service.js';
import { loadReportSet, reportsOf } from '../../apps/api/src/modules/report/report.store.js';

describe.each(dbKinds)('score release on %s', (kind) => {
  const t = useTestApp(kind);
  let exam: SmallExam;

  beforeAll(async () => {
    exam = await buildSmallExam(t, t.admin);
  });

  it('refuses release to a head teacher and to another school', async () => {
    const head1 = await t.tokenFor('head1');
    expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: head1, payload: { examId: exam.examId } })).body.code).toBe(403);
    const admin2 = await t.tokenFor('admin2');
    expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: admin2, payload: { examId: exam.examId } })).body.code).toBe(403);
  });

  it('releases in the background and stores scores with competition ranks', async () => {
    const started = await t.call({ method: 'POST', url: '/api/v1/publish/release', token: t.admin, payload: { examId: exam.examId } });
    expect(started.body.code).toBe(200);
    expect(['running', 'done']).toContain(started.body.data.state);
    await waitForRelease(t.database.db, exam.examId);
    const progress = await t.call({ url: `/api/v1/publish/progress?examId=${exam.examId}`, token: t.admin });
    expect(progress.body.data).toMatchObject({ state: 'done', step: 4, percent: 100, error: null, version: 1 });
    expect(progress.body.data.steps.map((s: { status: string }) => s.status)).toEqual(['finish', 'finish', 'finish', 'finish']);
    const e = await t.database.db.selectFrom('exam').select(['status', 'released_at']).where('id', '=', exam.examId).executeTakeFirstOrThrow();
    expect(e.status).toBe(4);
    expect(e.released_at).not.toBeNull();

    // Ranks worked out by hand (competition ranking, docs/DOMAIN-RULES.md §3.2: 100, 100, 98 → 1, 1, 3):
    // 语文 20, 17, 14, 14, 10 → B1 1, A1 2, A2 3, A3 3, B2 5; in 1班 17, 14, 14 → 1, 2, 2.
    // 数学 16, 16, 14, 10 → A2 1, A3 1, A1 3, B1 4 (B2 缺考).
    // 总分 31, 30, 30, 30 → A1 1, A2 2, A3 2, B1 2 (B2 absent from 数学, so from the total).
    const [A1, A2, A3, B1, B2] = exam.students;
    expect(await scoresOf(t, exam.examId, A1!.id)).toEqual({ YW: [17, 1, 2], SX: [14, 3, 3], TOTAL: [31, 1, 1] });
    expect(await scoresOf(t, exam.examId, A2!.id)).toEqual({ YW: [14, 2, 3], SX: [16, 1, 1], TOTAL: [30, 2, 2] });
    expect(await scoresOf(t, exam.examId, A3!.id)).toEqual({ YW: [14, 2, 3], SX: [16, 1, 1], TOTAL: [30, 2, 2] });
    expect(await scoresOf(t, exam.examId, B1!.id)).toEqual({ YW: [20, 1, 1], SX: [10, 1, 4], TOTAL: [30, 1, 2] });
    expect(await scoresOf(t, exam.examId, B2!.id)).toEqual({ YW: [10, 2, 5], SX: [null, null, null], TOTAL: [null, null, null] });
    const report = await t.database.db.selectFrom('exam_report').select(['version']).where('exam_id', '=', exam.examId).executeTakeFirstOrThrow();
    expect(report.version).toBe(1);
  });

  it('runs the four steps in order when called directly, and re-release bumps the version', async () => {
    const seen: [number, number, string][] = [];
    await releaseExam(t.database.db, exam.examId, (step, percent, message) => seen.push([step, percent, message]));
    expect([...new Set(seen.map((s) => s[0]))]).toEqual([1, 2, 3, 4]);
    const percents = seen.map((s) => s[1]);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    const report = await t.database.db.selectFrom('exam_report').select(['version']).where('exam_id', '=', exam.examId).executeTakeFirstOrThrow();
    expect(report.version).toBe(2);
  });

  it('stores the set in pieces (one row per variant and report) and still reads a set stored whole', async () => {
    const db = t.database.db;
    const head = await db.selectFrom('exam_report').select('data').where('exam_id', '=', exam.examId).executeTakeFirstOrThrow();
    expect((head.data as { variants: object }).variants).toEqual({});
    const parts = await db.selectFrom('exam_report_part').select(['variant', 'report', 'version']).where('exam_id', '=', exam.examId).execute();
    expect(parts.every((p) => p.version === 2)).toBe(true);
    // the transcript in chunks of rows: its head and a chunk (this exam's rows fit one)
    expect(parts.filter((p) => p.variant === '0').map((p) => p.report)).toEqual(expect.arrayContaining(['transcript~', 'transcript~0', 'students~', 'students~0']));
    const pieces = await loadReportSet(db, exam.examId);
    expect(pieces?.version).toBe(2);
    // the head is read first; the transcript only when asked for
    expect((await reportsOf(db, pieces!, '0', ['transcript'])).transcript.rows.length).toBeGreaterThan(0);
    // the storage of older versions: the whole set in exam_report.data, no parts
    await db.updateTable('exam_report').set({ version: 3, data: JSON.stringify(pieces!.set) }).where('exam_id', '=', exam.examId).execute();
    await db.deleteFrom('exam_report_part').where('exam_id', '=', exam.examId).execute();
    const whole = await loadReportSet(db, exam.examId);
    expect(whole?.version).toBe(3);
    expect(whole?.set).toEqual(pieces!.set);
    await releaseExam(db, exam.examId, () => {});
    expect((await db.selectFrom('exam_report_part').select('report').where('exam_id', '=', exam.examId).execute()).length).toBe(parts.length);
  });

  it('fails with a Chinese message and writes nothing when scores are missing', async () => {
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const created = await t.call({
      method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: t.admin,
      payload: { name: '未录成绩', examType: 4, gradeId, startDate: '2026-10-08', endDate: '2026-10-09', classIds: [exam.classIds[0]], subjects: [{ courseCode: 'YW', fullScore: 20 }] },
    });
    const id = created.body.data.id;
    const started = await t.call({ method: 'POST', url: '/api/v1/publish/release', token: t.admin, payload: { examId: id } });
    expect(started.body.code).toBe(200);
    await waitForRelease(t.database.db, id);
    const progress = await t.call({ url: `/api/v1/publish/progress?examId=${id}`, token: t.admin });
    expect(progress.body.data.state).toBe('failed');
    expect(progress.body.data.error).toContain('语文还没有设置小题');
    expect(progress.body.data.steps[0].status).toBe('error');
    expect(await db.selectFrom('exam_report').select('exam_id').where('exam_id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await db.selectFrom('exam').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(1);
  });
});
