import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_SIZE } from '../../apps/api/src/db/database.js';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { makeJointMarking, setUpMarkingExam, type MarkingExam } from '../helpers/marking-scale.js';

/**
 * 混合阅卷 when the database pool is exhausted (what 1,000 markers on two api processes did to a loaded machine:
 * calls waiting longer than the pool's connection wait were answered HTTP 500, and a mark committed before its
 * answer's last read was stored without an answer). On PostgreSQL only: PGlite has one connection and no wait.
 * The marking exam of tests/helpers/marking-scale.ts (4 blocks, block 1 双评) made joint with 3 schools: marker 1
 * (the organiser's) and marker 5 (a participant's) both mark block 1. A second api instance has a pool whose
 * connection wait is 300 ms; every one of its connections is held by an open transaction while both markers
 * submit at once: each is answered code 503 「服务器繁忙，请稍后重试」 (HTTP 200), nothing is written; sent again
 * with the same requestId once the pool is free, each mark is stored exactly once.
 */
describe.skipIf(!dbKinds.includes('postgres'))('joint marking with a busy database pool (PostgreSQL)', () => {
  let t: TestApp;
  let busy: TestApp;
  let exam: MarkingExam;
  const token: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    exam = await setUpMarkingExam(t.database.db, { students: 8, markers: 8, ratingModes: [2, 2, 1, 1], tag: 'bz' });
    const schools = await makeJointMarking(t.database.db, exam.examId, exam.markers.map((m) => m.userId), 3);
    const owners = await t.database.db.selectFrom('app_user').select(['id', 'school_id']).where('id', 'in', [exam.markers[0]!.userId, exam.markers[4]!.userId]).orderBy('id').execute();
    // two schools on the same block
    expect(owners.map((o) => o.school_id)).toEqual([schools[0], schools[1]]);
    expect(exam.markers[0]!.blockId).toBe(exam.markers[4]!.blockId);
    for (const i of [0, 4]) token.push(await t.tokenFor(exam.markers[i]!.loginId));
    busy = await createPeerApp(t, {}, { connectTimeoutMs: 300 });
  });
  afterAll(async () => {
    await busy?.close();
    await t?.close();
  });

  const post = (app: TestApp, tok: string, route: string, payload: object) => app.call({ method: 'POST', url: `/api/v1/marking/${route}`, token: tok, payload });

  /** Runs fn while every connection of the busy instance's pool is held by an open transaction. */
  async function withPoolHeld<T>(fn: () => Promise<T>): Promise<T> {
    let open!: () => void;
    const gate = new Promise<void>((r) => { open = r; });
    let started = 0;
    let full!: () => void;
    const allHeld = new Promise<void>((r) => { full = r; });
    const holders = Array.from({ length: POOL_SIZE }, () => busy.database.db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      if (++started === POOL_SIZE) full();
      await gate;
    }));
    await allHeld;
    try {
      return await fn();
    } finally {
      open();
      await Promise.all(holders);
    }
  }

  it('answers a retryable Chinese message instead of HTTP 500, and the marks sent again are stored once', async () => {
    const blockId = exam.markers[0]!.blockId;
    const tasks: number[] = [];
    for (const tok of token) {
      const r = await post(busy, tok, 'next', { blockId });
      expect(r.body.code, r.body.msg).toBe(200);
      tasks.push(r.body.data.taskId);
    }
    const bodies = tasks.map((taskId, i) => ({ taskId, scores: [10 + i], requestId: `busy-${taskId}` }));

    const during = await withPoolHeld(() => Promise.all([
      ...bodies.map((b, i) => post(busy, token[i]!, 'submit', b)),
      post(busy, token[0]!, 'next', { blockId }),
    ]));
    for (const r of during) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: 503, msg: '服务器繁忙，请稍后重试', data: null });
    }
    const written = await t.database.db.selectFrom('marking_task').select('id').where('id', 'in', tasks).where('submitted_at', 'is not', null).execute();
    expect(written).toEqual([]);

    // sent again (the page keeps the requestId until answered), twice: stored once, the same answer
    for (let round = 0; round < 2; round++) {
      for (const [i, b] of bodies.entries()) {
        const r = await post(busy, token[i]!, 'submit', b);
        expect(r.body.code, r.body.msg).toBe(200);
        expect(r.body.data).toMatchObject({ total: 10 + i, done: 1 });
      }
    }
    const stored = await t.database.db.selectFrom('marking_task').select(['id', 'total', 'request_id']).where('request_id', 'in', bodies.map((b) => b.requestId)).orderBy('id').execute();
    expect(stored.map((s) => [s.id, Number(s.total), s.request_id])).toEqual(bodies.map((b, i) => [b.taskId, 10 + i, b.requestId]));
  });
});
