import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { makeJointMarking, setUpMarkingExam, type MarkingExam } from '../helpers/marking-scale.js';

/**
 * Round trips of 混合阅卷 (docs/DECISIONS.md "Marking speed"), on PGlite and PostgreSQL: the marking exam of
 * tests/helpers/marking-scale.ts made joint with 3 schools. Marker 2 (a participant's teacher) and marker 6 (the
 * organiser's) mark the same single-marked block; each calls next → submit twice. A participant's call costs the
 * database no more round trips than the organiser's own marker's: the school check, the share of the block and the
 * task's school are read with the block and the task (before: next +2, submit +3: the own school's task read, the
 * organisers he marks for, the confirmed school); the marker's 已阅 is read with his mark (before: a read of its own). Every statement sent is counted (the driver's query calls).
 */
describe.each(dbKinds)('joint marking round trips on %s', (kind) => {
  let t: TestApp;
  let exam: MarkingExam;
  const token: string[] = [];
  let counted = 0;
  let restore: () => void = () => undefined;

  beforeAll(async () => {
    // PostgreSQL: before the pool connects (each connection binds the driver's query when it opens)
    if (kind === 'postgres') restore = countPg(() => { counted++; });
    t = await createTestApp(kind);
    exam = await setUpMarkingExam(t.database.db, { students: 8, markers: 8, ratingModes: [2, 2, 1, 1], tag: 'rt' });
    const schools = await makeJointMarking(t.database.db, exam.examId, exam.markers.map((m) => m.userId), 3);
    const owners = await t.database.db.selectFrom('app_user').select(['id', 'school_id']).where('id', 'in', [exam.markers[2]!.userId, exam.markers[6]!.userId]).orderBy('id').execute();
    expect(owners.map((o) => o.school_id)).toEqual([schools[2], schools[0]]);
    expect(exam.markers[2]!.blockId).toBe(exam.markers[6]!.blockId);
    for (const i of [2, 6]) token.push(await t.tokenFor(exam.markers[i]!.loginId));
    if (t.database.pglite) restore = countPglite(t.database.pglite, () => { counted++; });
  });
  afterAll(async () => {
    restore();
    await t?.close();
  });

  const post = async (tok: string, route: string, payload: object) => {
    const before = counted;
    const r = await t.call({ method: 'POST', url: `/api/v1/marking/${route}`, token: tok, payload });
    expect(r.body.code, r.body.msg).toBe(200);
    return { data: r.body.data as { taskId: number } | null, trips: counted - before };
  };

  it('a participant\'s next and submit cost what the organiser\'s own marker\'s do', async () => {
    const trips: Record<string, number[]> = { next: [], submit: [] };
    for (let round = 0; round < 2; round++) {
      for (const [k, tok] of token.entries()) {
        const n = await post(tok, 'next', { blockId: exam.markers[2]!.blockId });
        expect(n.data).not.toBeNull();
        const s = await post(tok, 'submit', { taskId: n.data!.taskId, scores: [5], requestId: `rt-${kind}-${round}-${k}` });
        trips.next!.push(n.trips);
        trips.submit!.push(s.trips);
      }
    }
    // [participant, organiser's] per round; both the same, round after round
    expect(trips.next![0]).toBe(trips.next![1]);
    expect(trips.next![2]).toBe(trips.next![3]);
    expect(trips.submit![0]).toBe(trips.submit![1]);
    expect(trips.submit![2]).toBe(trips.submit![3]);
    // next: session, block, begin, marker lock, held leases, lease, commit (docs/DECISIONS.md "Marking speed")
    expect(trips.next![2]).toBe(7);
    // submit of a single mark: session, task, block, begin, task lock, mark + paper lock (+ 已阅), marks of the paper,
    // paper final + live version, an open paper held, commit
    expect(trips.submit![2]).toBe(10);
  });
});

/** Calls onStatement for every statement a PGlite database is sent; answers the undo. */
function countPglite(pglite: object, onStatement: () => void): () => void {
  const lite = pglite as Record<'query' | 'exec', (...a: unknown[]) => unknown>;
  const { query, exec } = lite;
  lite.query = function (...a: unknown[]) { onStatement(); return query.apply(this, a); };
  lite.exec = function (...a: unknown[]) { onStatement(); return exec.apply(this, a); };
  return () => { lite.query = query; lite.exec = exec; };
}

/** Calls onStatement for every statement the pg driver sends (connections opened from now on); answers the undo. */
function countPg(onStatement: () => void): () => void {
  type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const query = proto.query;
  proto.query = function (this: pg.Client, ...a: unknown[]) { onStatement(); return query.apply(this, a); };
  return () => { proto.query = query; };
}
