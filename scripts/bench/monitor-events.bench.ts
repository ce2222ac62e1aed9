/**
 * Benchmark of the live marking monitor (GET /marking/monitor/events): on a fresh in-memory PGlite (demo-seeded) an
 * exam of 高一1班 with one written-answer block and a paper per student; 200 event streams of the subject leader are
 * opened over loopback (the per-user cap of 4 lifted for the benchmark: one user stands for 200 leaders), then
 * teacher1 leases and submits 20 papers, 1.5 s apart. Per submit: the time from sending it to the first `changed` event
 * on the last of the 200 streams that carries the exam's version after it (the version the events carry: the sum
 * of the exam's 32 version rows, marking-live.repository `versions`). Prints {"name":"monitor_event_p95_200_streams",...}
 * (limit 1,500 ms: the 1 s version poll plus the fan-out), with the median.
 * Run: npm run bench -- monitor-events
 */
import { LIVE_LIMITS } from '../../apps/api/src/modules/marking/marking-live.hub.js';
import { versions } from '../../apps/api/src/modules/marking/marking-live.repository.js';
import { benchApp, report } from './lib.js';
import { printBench } from './result.js';

const STREAMS = 200;
const SUBMITS = 20;
const GAP_MS = 1500;
const LIMIT_MS = 1500;

async function main() {
  LIVE_LIMITS.maxPerUser = STREAMS; // before the app (and its hub) is built
  const bench = await benchApp({ exams: false });
  const { app, db } = bench;
  const admin = await bench.tokenFor('admin');
  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    (await app.inject({ method, url: `/api/v1/${url}`, payload, headers: { authorization: token } })).json() as { code: number; msg: string; data: any };
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const cls = await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).where('name', '=', '1班').executeTakeFirstOrThrow();
  const exam = await call('POST', 'exam_manage/add_multipart_exam', admin, { name: '实时监控压测', examType: 5, gradeId: grade.id, startDate: '2026-10-08', endDate: '2026-10-08', classIds: [cls.id], subjects: [{ courseCode: 'SX', fullScore: 10 }] });
  if (exam.code !== 200) throw new Error(exam.msg);
  const subjectId = exam.data.subjects[0].id as number;
  await call('POST', 'question_template/save', admin, { examSubjectId: subjectId, questions: [{ no: '1', type: 'subjective', fullScore: 10, step: 1 }] });
  const blockId = (await call('GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`, admin)).data[0].blockId as number;
  const teacher1 = await db.selectFrom('app_user').select('id').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow();
  await db.insertInto('marking_marker').values({ block_id: blockId, user_id: teacher1.id, school_id: school.id }).execute();
  for (const s of await db.selectFrom('exam_student').select(['id', 'class_id']).where('exam_id', '=', exam.data.id).execute()) {
    const p = await db.insertInto('marking_paper').values({ school_id: school.id, block_id: blockId, exam_student_id: s.id, class_id: s.class_id }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('marking_task').values({ school_id: school.id, block_id: blockId, paper_id: p.id, round: 1 }).execute();
  }
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const marker = await bench.tokenFor('teacher1');

  // 200 streams, each noting when it first saw each version
  const seen: Map<number, number>[] = [];
  /** When the stream first saw the version or a later one (a poll may carry two changes at once). */
  const seenAt = (m: Map<number, number>, version: number) => Math.min(...[...m].filter(([v]) => v >= version).map(([, at]) => at));
  const aborts: AbortController[] = [];
  await Promise.all(Array.from({ length: STREAMS }, async (_, i) => {
    const ac = new AbortController();
    aborts.push(ac);
    const res = await fetch(`${base}/api/v1/marking/monitor/events?examId=${exam.data.id}`, { headers: { authorization: admin }, signal: ac.signal });
    const mine = new Map<number, number>();
    seen[i] = mine;
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          for (const m of buf.matchAll(/event: (?:hello|changed)\ndata: \{"version":(\d+)\}/g)) if (!mine.has(Number(m[1]))) mine.set(Number(m[1]), performance.now());
          buf = buf.slice(buf.lastIndexOf('\n\n') + 2);
        }
      } catch { /* aborted */ }
    })();
  }));
  await new Promise((r) => setTimeout(r, 1500));

  const delays: number[] = [];
  for (let k = 0; k < SUBMITS; k++) {
    const next = await call('POST', 'marking/next', marker, { blockId });
    const sent = performance.now();
    const sub = await call('POST', 'marking/submit', marker, { taskId: next.data.taskId, scores: [k % 11], requestId: `bench-${k}` });
    if (sub.code !== 200) throw new Error(sub.msg);
    const version = (await versions(db, [exam.data.id])).get(exam.data.id)!;
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && seen.some((m) => !Number.isFinite(seenAt(m, version)))) await new Promise((r) => setTimeout(r, 10));
    const last = Math.max(...seen.map((m) => seenAt(m, version)));
    if (!Number.isFinite(last)) throw new Error(`第 ${k + 1} 次提交后 10 秒内仍有监控流没有收到版本 ${version}`);
    delays.push(last - sent);
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  for (const ac of aborts) ac.abort();
  delays.sort((a, b) => a - b);
  const p95 = delays[Math.ceil(delays.length * 0.95) - 1]!;
  report('monitor_event_p95_200_streams', p95, 'ms', LIMIT_MS, { median: Math.round(delays[Math.floor(delays.length / 2)]! * 10) / 10, submits: SUBMITS, streams: STREAMS, db: 'pglite' });
  await bench.close();
}

main().catch((e) => {
  printBench({ name: 'monitor_event_p95_200_streams', value: null, unit: 'ms', limit: LIMIT_MS, ok: false, reason: String(e instanceof Error ? e.message : e) });
  process.exit(1);
});
