/**
 * The lazy report reader (report.store) and the release that writes its next version before committing it:
 * a request reads only the parts it needs; a re-release between two reads never mixes versions; the parts of a
 * version being written are invisible until its commit; the job's heartbeat does not wait behind a lock on its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { computeRelease, releaseExam, storeRelease } from '../../apps/api/src/modules/release/release.service.js';
import { forgetReportSet, loadReportSet, partReads, reportsOf, rowOrder, rowsAt, StaleSetError, withFreshRows, withFreshSet } from '../../apps/api/src/modules/report/report.store.js';
import * as jobRepo from '../../apps/api/src/modules/job/job.repository.js';

/** The parts (variant/report) read from the database while `fn` runs. */
async function readsOf<T>(fn: () => Promise<T>): Promise<{ value: T; parts: string[] }> {
  const parts: string[] = [];
  partReads.listener = (p) => parts.push(p);
  try {
    return { value: await fn(), parts };
  } finally {
    partReads.listener = undefined;
  }
}

describe.each(dbKinds)('lazy report reads on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: SmallExam;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    exam = await buildSmallExam(t, admin, '按需读取');
    await releaseExam(t.database.db, exam.examId);
  });
  afterAll(async () => { await t?.close(); });

  it('reads the head, the student index and then only the parts asked for, once', async () => {
    const db = t.database.db;
    const first = await readsOf(() => loadReportSet(db, exam.examId));
    expect(first.parts).toEqual(['0/studentIndex']);
    const loaded = first.value!;
    const stored = await db.selectFrom('exam_report_part').select('report').where('exam_id', '=', exam.examId).where('variant', '=', '0').execute();
    expect(stored.length).toBeGreaterThan(2);
    const overview = await readsOf(() => reportsOf(db, loaded, '0', ['overview', 'transcript']));
    // the transcript is its head and chunks of rows, put together whole when every chunk is read
    expect(overview.parts.sort()).toEqual(['0/overview', '0/transcript~', '0/transcript~0']);
    expect(Object.keys(overview.value).sort()).toEqual(['overview', 'studentIndex', 'transcript', 'transcript~', 'transcript~0']);
    const again = await readsOf(async () => { await loadReportSet(db, exam.examId); return reportsOf(db, loaded, '0', ['overview']); });
    expect(again.parts).toEqual([]);
    expect(again.value).toBe(overview.value);
    // a report route reads its variant's parts on first use and nothing on the next request
    const api = await readsOf(() => t.call({ url: `/api/v1/courseComparisonAnalysis/subjectComparison?examId=${exam.examId}`, token: admin }));
    expect(api.value.body.code).toBe(200);
    expect(api.parts.every((p) => p.startsWith('0/'))).toBe(true);
    const apiAgain = await readsOf(() => t.call({ url: `/api/v1/courseComparisonAnalysis/subjectComparison?examId=${exam.examId}`, token: admin }));
    expect(apiAgain.parts).toEqual([]);
  });

  it('never mixes versions: a part of a replaced version is refused and the set is read again from the new head', async () => {
    const db = t.database.db;
    await releaseExam(db, exam.examId);
    const old = (await loadReportSet(db, exam.examId))!; // a new version: its transcript read, its paper not yet
    await releaseExam(db, exam.examId);
    await expect(reportsOf(db, old, '0', ['paper'])).rejects.toBeInstanceOf(StaleSetError);
    const seen = await withFreshSet(db, exam.examId, async (loaded) => {
      const r = await reportsOf(db, loaded, '0', ['paper']);
      return { version: loaded.version, paper: r.paper.length };
    });
    expect(seen?.version).toBe(old.version + 1);
    expect(seen?.paper).toBeGreaterThan(0);
    const res = await t.call({ url: `/api/v1/paperAnalysis/paper?examId=${exam.examId}&courseCode=YW`, token: admin });
    expect(res.body.data.meta.version).toBe(old.version + 1);
  });

  it('reads a page\'s rows of the context\'s version, or makes the context again when a release replaced it meanwhile', async () => {
    const db = t.database.db;
    // the demo's 期末 exam: ≈ 370 rows, two chunks of the transcript
    const { id } = await db.selectFrom('exam').select('id').where('name', '=', '2026学年高一期末考试').executeTakeFirstOrThrow();
    await releaseExam(db, id);
    const make = async () => {
      const loaded = (await loadReportSet(db, id))!;
      await reportsOf(db, loaded, '0', ['transcript~']);
      return { loaded };
    };
    const old = await make();
    const first = await readsOf(() => rowsAt(old.loaded, '0', 'transcript', [0, 300]));
    expect(first.parts.sort()).toEqual(['0/transcript~0', '0/transcript~1']);
    expect(first.value.map((r) => r.studentId)).toEqual([rowOrder(old.loaded, '0', 'transcript')[0], rowOrder(old.loaded, '0', 'transcript')[300]].map((p) => old.loaded.students.index.ids[p]));
    forgetReportSet(db, id);
    const stale = await make();
    await releaseExam(db, id);
    await expect(rowsAt(stale.loaded, '0', 'transcript', [300])).rejects.toBeInstanceOf(StaleSetError);
    let made = 0;
    const again = await withFreshRows(() => { made++; return made === 1 ? Promise.resolve(stale) : make(); }, async (c) => ({ version: c.loaded.version, rows: await rowsAt(c.loaded, '0', 'transcript', [300]) }));
    expect(made).toBe(2);
    expect(again.version).toBe(stale.loaded.version + 1);
    expect(again.rows[0]!.studentId).toBe(first.value[1]!.studentId);
  });

  it('keeps the parts of a version being written invisible until its commit, and a failed one leaves nothing', async () => {
    const db = t.database.db;
    const before = (await loadReportSet(db, exam.examId))!;
    const computed = await computeRelease(db, exam.examId);
    expect(computed.version).toBe(before.version + 1);
    const versions = await db.selectFrom('exam_report_part').select('version').distinct().where('exam_id', '=', exam.examId).orderBy('version').execute();
    expect(versions.map((v) => v.version)).toEqual([before.version, before.version + 1]);
    const during = (await loadReportSet(db, exam.examId))!;
    expect(during.version).toBe(before.version);
    expect(during.variants.get('0')?.size).toBe(before.variants.get('0')?.size);
    await db.transaction().execute((tx) => storeRelease(tx, computed));
    const after = (await loadReportSet(db, exam.examId))!;
    expect(after.version).toBe(before.version + 1);
    const left = await db.selectFrom('exam_report_part').select('version').distinct().where('exam_id', '=', exam.examId).execute();
    expect(left.map((v) => v.version)).toEqual([after.version]);
  });

  it.runIf(kind === 'postgres')('beats past a lock on the job row instead of waiting for it', async () => {
    const db = t.database.db;
    const job = (await jobRepo.latestJob(db, exam.examId, 'release'))!;
    await db.updateTable('job').set({ state: 'running' }).where('id', '=', job.id).execute();
    try {
      let beat = 0;
      await db.transaction().execute(async (tx) => {
        await sql`select id from job where id = ${job.id} for update`.execute(tx);
        const s = performance.now();
        await Promise.race([jobRepo.touchJob(db, job.id, { progress: 95 }), new Promise((_, no) => setTimeout(() => no(new Error('heartbeat waited for the lock')), 5_000))]);
        beat = performance.now() - s;
      });
      expect(beat).toBeLessThan(5_000);
      await jobRepo.touchJob(db, job.id, { progress: 96 });
      expect((await jobRepo.findJob(db, job.id))?.progress).toBe(96);
    } finally {
      await db.updateTable('job').set({ state: 'done' }).where('id', '=', job.id).execute();
    }
  });
});
