import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_PERMISSION_CODES } from '@jz/shared/roles';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { writeBackup } from '../../apps/api/src/db/backup.js';
import { buildDataDir } from '../../apps/api/src/db/pglite-durable.js';
import { addExam } from '../../apps/api/src/modules/exam/exam.service.js';
import { saveQuestions } from '../../apps/api/src/modules/exam/exam-question.service.js';
import type { SchoolUser } from '../../apps/api/src/modules/exam/exam.access.js';
import { workbook } from '../fixtures/small-exam.js';
import { bundleScript, seededRandom, spawnJs, type Proc } from './procs.js';

// A score import is all-or-nothing under kill -9. A real api server (server.ts on the
// embedded PGlite) receives a question-score workbook replacing a subject's scores and is killed with SIGKILL at
// a pseudo-random moment of the import (parsing, matching or writing); the data folder is opened again and the
// subject must hold exactly the previous import's scores or exactly the new one's, never a mix or a part, and
// an import the server answered must be there. Seeded (DURABILITY_SEED), so a failing run can be replayed.
const CYCLES = Number(process.env.IMPORT_KILL_CYCLES ?? 8);
const SEED = Number(process.env.DURABILITY_SEED ?? 20261123);
const QUESTIONS = 40; // 2.5 points each: a 100-point subject
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

/** Each import gives every student the same points on every question; consecutive imports differ (0.5–2.5). */
const pointsOf = (k: number) => 0.5 * (1 + (k % 5));

// The server is bundled once (procs.ts): a start then costs about a second of CPU instead of three through tsx.
let bundled: Awaited<ReturnType<typeof bundleScript>> | undefined;

interface Fixture { examId: number; examSubjectId: number; examNos: string[]; token: string }

/** The subject's stored state: the number of score rows and absences, and the distinct points stored. */
async function stateOf(dbDir: string, examSubjectId: number) {
  const database = await openDatabase({ dataDir: dbDir });
  try {
    const r = await sql<{ rows: number; points: number[]; absent: number }>`
      select count(qs.*)::int as rows, coalesce(array_agg(distinct qs.score::float8) filter (where qs.score is not null), '{}') as points,
             (select count(*)::int from subject_absence where exam_subject_id = ${examSubjectId}) as absent
      from question q left join question_score qs on qs.question_id = q.id where q.exam_subject_id = ${examSubjectId}`.execute(database.db);
    const s = r.rows[0]!;
    return { rows: s.rows, points: s.points.map(Number).sort(), absent: s.absent };
  } finally {
    await database.close();
  }
}

describe('kill -9 during a score import (real server on the embedded PGlite)', () => {
  let dataDir = '';
  let dbDir = '';
  let fx: Fixture;

  beforeAll(async () => {
    bundled = await bundleScript('apps/api/src/server.ts');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-import-kill-'));
    dbDir = path.join(dataDir, 'db');
    await buildDataDir(dbDir, { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    // the exam is set up through the exam services, as the web app would: 高一 (8 classes), one subject 数学
    const database = await openDatabase({ dataDir: dbDir });
    const db = database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const admin = await db.selectFrom('app_user').select(['id', 'login_id', 'user_name']).where('login_id', '=', 'admin').executeTakeFirstOrThrow();
    const user: SchoolUser = {
      id: admin.id, schoolId: school.id, loginId: admin.login_id, userName: admin.user_name, userType: 'teacher', sessionId: 0, kind: 'user',
      roles: [{ roleCode: 'school_admin', gradeId: null, classId: null, courseCode: null }], permissions: new Set(ALL_PERMISSION_CODES),
    };
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
    const classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).execute()).map((c) => c.id);
    const exam = await addExam(db, user, {
      name: '断电导入', examType: 4, gradeId: grade.id, startDate: '2026-10-08', endDate: '2026-10-08', classIds,
      subjects: [{ courseCode: 'SX', fullScore: 100 }],
    }, 'single');
    const examSubjectId = exam.subjects[0]!.id;
    await saveQuestions(db, user, examSubjectId, Array.from({ length: QUESTIONS }, (_, i) => ({ no: String(i + 1), type: 'subjective' as const, fullScore: 2.5, step: 0.5, knowledgePoints: [] })), false);
    const examNos = (await db.selectFrom('exam_student').select('exam_no').where('exam_id', '=', exam.id).orderBy('exam_no').execute()).map((s) => s.exam_no);
    const token = await createSession(db, admin.id, 'user', 3600_000);
    // today's backup exists, so the server's starts below do not each dump the database (startDailyBackups)
    await writeBackup(database.dump!, path.join(dataDir, 'backups'), 'manual');
    await database.close();
    fx = { examId: exam.id, examSubjectId, examNos, token };
  }, 120_000);
  afterAll(() => {
    bundled?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`leaves each import wholly present or wholly absent over ${CYCLES} kill -9 cycles`, async () => {
    const random = seededRandom(SEED);
    const files = new Map<number, Buffer>();
    const fileOf = async (k: number) => {
      if (!files.has(k)) {
        const head = ['考号', ...Array.from({ length: QUESTIONS }, (_, i) => String(i + 1))];
        files.set(k, await workbook({ 数学: [head, ...fx.examNos.map((no) => [no, ...Array<number>(QUESTIONS).fill(pointsOf(k))])] }));
      }
      return files.get(k)!;
    };
    const complete = fx.examNos.length * QUESTIONS;
    const post = async (port: number, k: number) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await fileOf(k))]), 'scores.xlsx');
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/grade_import/import_question?examId=${fx.examId}`, {
        method: 'POST', headers: { authorization: fx.token }, body: form,
      });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    };
    let server: Proc | undefined;
    const start = async () => {
      const t = Date.now();
      server = spawnJs([bundled!.entry], { DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0' });
      const p = Number((await server.waitFor(LISTENING, 120_000))[1]);
      if (process.env.IMPORT_KILL_DEBUG) console.log(`start ${Date.now() - t} ms`);
      return p;
    };
    try {
      // import 0, answered: the baseline, and how long an import takes here
      let port = await start();
      const t0 = Date.now();
      const first = await post(port, 0);
      let fastestMs = Date.now() - t0;
      expect(first.code, first.msg).toBe(200);
      server!.proc.kill('SIGKILL');
      await server!.exited;
      let stored = 0; // the import the subject holds
      expect(await stateOf(dbDir, fx.examSubjectId)).toEqual({ rows: complete, points: [pointsOf(0)], absent: 0 });

      let killedBeforeAnswer = 0;
      let newAfterKill = 0; // unanswered imports found committed (the kill came after the commit, before the answer)
      for (let k = 1; k <= CYCLES; k++) {
        port = await start().catch((e: Error) => { throw new Error(`cycle ${k}: the server did not start after the previous kill -9\n${e.message}`); });
        // the kill lands a pseudo-random share (0–90 %) of the fastest import seen so far after the post
        const delay = Math.floor(random() * fastestMs * 0.9);
        let answered: { code: number; msg: string; data: unknown } | undefined;
        const posted = Date.now();
        const request = post(port, k).then((r) => { answered = r; fastestMs = Math.min(fastestMs, Date.now() - posted); }, () => undefined);
        await new Promise((r) => setTimeout(r, delay));
        server!.proc.kill('SIGKILL');
        const exit = await server!.exited;
        await request;
        expect(exit.signal).toBe('SIGKILL');
        if (!answered) killedBeforeAnswer++;
        else expect(answered.code, answered.msg).toBe(200);

        // the folder opens again (the first open after the kill), holding the old import or the new one, whole
        const ts = Date.now();
        const s = await stateOf(dbDir, fx.examSubjectId).catch((e: Error) => { throw new Error(`cycle ${k}: the data folder did not open after kill -9: ${e.message}`); });
        if (process.env.IMPORT_KILL_DEBUG) console.log(`cycle ${k}: delay ${delay}/${fastestMs} ms, ${answered ? 'answered' : 'killed'}, open ${Date.now() - ts} ms`);
        const present = s.points.length === 1 && s.points[0] === pointsOf(k);
        const expected = answered || present ? k : stored;
        expect(s, `cycle ${k} (kill after ${delay} ms, fastest import ${fastestMs} ms, ${answered ? 'answered' : 'unanswered'})`)
          .toEqual({ rows: complete, points: [pointsOf(expected)], absent: 0 });
        if (!answered && expected === k) newAfterKill++;
        stored = expected;
      }
      console.log(`kill -9 during imports: ${CYCLES} cycles, ${killedBeforeAnswer} killed before the answer (${newAfterKill} of them already committed), fastest import ${fastestMs} ms`);
      // worth something only if most kills landed inside an import
      expect(killedBeforeAnswer).toBeGreaterThanOrEqual(Math.ceil(CYCLES / 2));
      // and the server starts on the final folder
      port = await start();
      expect(port).toBeGreaterThan(0);
    } finally {
      server?.proc.kill('SIGKILL');
      await server?.exited;
    }
  }, 600_000);
});
