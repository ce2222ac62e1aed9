/**
 * The api as a process of its own, for tests that measure it from outside (peak memory in /proc/<pid>/status).
 * Run: node --import tsx tests/helpers/api-process.ts, with TEST_DATABASE_URL (a private PostgreSQL database) or
 * TEST_PGLITE_DUMP (the base PGlite dump: an in-memory copy); TEST_DATA_DIR: its DATA_DIR (stored scans). Listens
 * on a free loopback port and prints one JSON line { port, token, examId, examSubjectId } (token: a session of the
 * demo school administrator `admin`; examId: a new, unreleased 高一 exam with 数学, for score imports and scans),
 * then serves until killed.
 */
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase } from '../../apps/api/src/db/database.js';

const url = process.env.TEST_DATABASE_URL;
const dump = process.env.TEST_PGLITE_DUMP;
const database = url
  ? await openDatabase({ databaseUrl: url })
  : await openDatabase({
    pglite: await PGlite.create({ loadDataDir: new Blob([readFileSync(dump!)]), parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } }),
  });
const dataDir = process.env.TEST_DATA_DIR;
const app = await buildApp({ db: database.db, config: { ...loadConfig({}), ...(dataDir ? { dataDir } : {}), webDist: undefined, smtpUrl: undefined, redisUrl: undefined } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const user = await database.db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
const token = await createSession(database.db, user.id, 'user', 3600_000);
const school = await database.db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
const grade = await database.db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
const classIds = (await database.db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).orderBy('sort').limit(1).execute()).map((c) => c.id);
const exam = await app.inject({
  method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', headers: { authorization: token },
  payload: { name: '上传限制测试', examType: 4, gradeId: grade.id, startDate: '2026-10-08', endDate: '2026-10-09', classIds, subjects: [{ courseCode: 'SX', fullScore: 100 }] },
});
const examId = (exam.json() as { data: { id: number } }).data.id;
const subject = await database.db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).executeTakeFirstOrThrow();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token, examId, examSubjectId: subject.id })}\n`);
const stop = () => { void app.close().then(() => database.close()).finally(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
