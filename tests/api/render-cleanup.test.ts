import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED, sweepJobFiles } from '../../apps/api/src/modules/render/render.jobs.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { localStorageConfig, openStorage } from '../../apps/api/src/core/storage-open.js';

/**
 * Render job files are kept for the retention (RENDER_FILE_TTL_HOURS) and then deleted by the api's sweeper;
 * a job whose file is gone answers 任务已过期，请重新生成 instead of a broken download (its row in the job table
 * stays). Only PGlite: the sweep works on DATA_DIR files, not on the database.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOUR = 3600_000;

describe('render job files expire', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let body: { type: 'card'; examId: number; examSubjectId: number };

  const jobsDir = () => path.join(dataDir, 'files', 'jobs');
  const filesOf = (jobId: string) => readdirSync(jobsDir()).filter((f) => f.startsWith(jobId));
  async function finishedJob(): Promise<{ jobId: string; queueFile: string }> {
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: body });
    expect(created.body.code, created.body.msg).toBe(200);
    const jobId = created.body.data.jobId;
    for (let i = 0; i < 600; i++) {
      const s = await t.call<{ state: string; error: string | null }>({ url: `/api/v1/render/jobs/${jobId}`, token: admin });
      if (s.body.data.state === 'completed') break;
      expect(s.body.data.state, s.body.data.error ?? '').not.toBe('failed');
      await sleep(100);
    }
    // the result file is DATA_DIR/files/jobs/<job id>.pdf
    return { jobId, queueFile: path.join(jobsDir(), `${jobId}.pdf`) };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-render-ttl-'));
    t = await createTestApp('pglite', { dataDir });
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const exam = await db.selectFrom('exam as e').innerJoin('school as s', 's.id', 'e.school_id').select('e.id')
      .where('s.name', '=', '示例中学').where('e.released_at', 'is not', null).orderBy('e.id').executeTakeFirstOrThrow();
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).where('course_code', '=', 'SX').executeTakeFirstOrThrow();
    body = { type: 'card', examId: exam.id, examSubjectId: subject.id };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes files older than the retention, keeps newer ones, and an expired job says so', async () => {
    const old = await finishedJob();
    const fresh = await finishedJob();
    expect(existsSync(old.queueFile)).toBe(true);
    // the input is deleted when the job ends: only the result is left
    expect(filesOf(old.jobId)).toEqual([`${old.jobId}.pdf`]);

    // four days ago: past the default 72 h; a leftover of a killed worker of that age goes too
    const past = new Date(Date.now() - 96 * HOUR);
    utimesSync(old.queueFile, past, past);
    const leftover = path.join(dataDir, 'work', 'render', `${old.jobId}-3.pdf.999.tmp`); // a killed worker's scratch file
    mkdirSync(path.dirname(leftover), { recursive: true });
    writeFileSync(leftover, 'x');
    utimesSync(leftover, past, past);
    expect(await sweepJobFiles(t.storage, dataDir, 72 * HOUR)).toBe(2);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(old.queueFile)).toBe(false);
    expect(filesOf(old.jobId)).toEqual([]);
    // the job's row stays: it answers that the file expired
    expect((await t.call<{ state: string; error: string }>({ url: `/api/v1/render/jobs/${old.jobId}`, token: admin })).body.data).toMatchObject({ state: 'failed', error: EXPIRED });

    // the fresh job is untouched and still downloads
    expect(existsSync(fresh.queueFile)).toBe(true);
    const file = await t.app.inject({ url: `/api/v1/render/jobs/${fresh.jobId}/file`, headers: { authorization: admin } });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // a result deleted under a live record: the job reports it expired, the download refuses with the same words
    rmSync(fresh.queueFile);
    const state = await t.call<{ state: string; error: string }>({ url: `/api/v1/render/jobs/${fresh.jobId}`, token: admin });
    expect(state.body.data).toMatchObject({ state: 'failed', error: EXPIRED });
    const refused = await t.call({ url: `/api/v1/render/jobs/${fresh.jobId}/file`, token: admin });
    expect(refused.body).toMatchObject({ code: 400, msg: EXPIRED });

    // render jobs are jobs of the job layer: their row says done (the file's expiry is read from the folder)
    const rows = await t.database.db.selectFrom('job').select(['id', 'kind', 'state', 'progress', 'runner', 'exam_id', 'result'])
      .where('id', 'in', [old.jobId, fresh.jobId]).execute();
    expect(rows.find((r) => r.id === old.jobId)).toMatchObject({ kind: 'render.card', state: 'done', progress: 100, runner: 'job', exam_id: body.examId, result: { file: `${old.jobId}.pdf` } });
    expect(rows.find((r) => r.id === fresh.jobId)).toMatchObject({ kind: 'render.card', state: 'done' });
  });

  it('leaves an empty or missing folder alone', async () => {
    const nowhere = path.join(dataDir, 'nowhere');
    expect(await sweepJobFiles(openStorage(localStorageConfig(nowhere)), nowhere, HOUR)).toBe(0);
  });
});
