/**
 * The parts each report route reads (report.parts.ts): the first request of a released exam reads the student index
 * and its report's small parts, not the transcript; every report route and joint route, each on a cold cache,
 * answers the same from the extra parts (student index, transcript head, stored 校际对比) as from a set stored
 * before them (the extra parts deleted), for the organiser and for a participating school.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ROUTES } from '@jz/shared/api/report';
import { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from '@jz/shared/api/joint-report';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { makeJointReportExam } from '../helpers/joint-report.js';
import { buildSmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { forgetReportSet, partReads } from '../../apps/api/src/modules/report/report.store.js';

const EXTRA = ['studentIndex', 'transcriptHead', 'schoolContrast', 'schoolRanks', 'balances'];
const isExtra = (part: string) => EXTRA.some((x) => part.endsWith(`/${x}`)) || part.includes('@') || part.includes('~');

describe.each(dbKinds)('report parts on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => { t = await createTestApp(kind); }, 180_000);
  afterAll(async () => { await t?.close(); });

  /** One GET on a cold cache: its answer (version and time left out) and the parts it read. */
  async function cold(examId: number, url: string, token: string) {
    forgetReportSet(t.database.db, examId);
    const parts: string[] = [];
    partReads.listener = (p) => parts.push(p);
    try {
      const res = await t.call({ url, token });
      expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
      const data = res.body.data;
      if (data?.meta) { delete data.meta.version; delete data.meta.computedAt; }
      return { data, parts };
    } finally {
      partReads.listener = undefined;
    }
  }

  /** Every url's answer from the release's parts, then from the same release stored without the extra parts. */
  async function sameWithoutExtras(examId: number, calls: { url: string; token: string }[]) {
    const db = t.database.db;
    const withExtras = [];
    for (const c of calls) withExtras.push(await cold(examId, c.url, c.token));
    await releaseExam(db, examId);
    const deleted = await db.deleteFrom('exam_report_part').where('exam_id', '=', examId).where('report', 'in', EXTRA).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBeGreaterThan(0);
    await wholeAgain(examId);
    for (const [i, c] of calls.entries()) {
      const old = await cold(examId, c.url, c.token);
      expect(old.data, c.url).toEqual(withExtras[i]!.data);
      expect(old.parts.some(isExtra), c.url).toBe(false);
    }
    return withExtras;
  }

  /** The reports stored by column or in chunks of rows put back whole, as sets released before the splits store them. */
  async function wholeAgain(examId: number) {
    const db = t.database.db;
    const parts = await db.selectFrom('exam_report_part').select(['variant', 'report', 'version', 'data']).where('exam_id', '=', examId).where('report', 'like', '%@%').execute();
    expect(parts.length).toBeGreaterThan(0);
    for (const index of parts.filter((p) => p.report.endsWith('@'))) {
      const name = index.report.slice(0, -1);
      const codes = JSON.parse(index.data) as string[];
      const whole = codes.map((c) => JSON.parse(parts.find((p) => p.variant === index.variant && p.report === `${name}@${c}`)!.data));
      await db.insertInto('exam_report_part').values({ exam_id: examId, variant: index.variant, report: name, version: index.version, data: JSON.stringify(whole) }).execute();
    }
    await db.deleteFrom('exam_report_part').where('exam_id', '=', examId).where('report', 'like', '%@%').execute();
    // and the reports stored in chunks of rows: the head's report with its rows put back
    const rowParts = await db.selectFrom('exam_report_part').select(['variant', 'report', 'version', 'data']).where('exam_id', '=', examId).where('report', 'like', '%~%').execute();
    expect(rowParts.length).toBeGreaterThan(0);
    for (const head of rowParts.filter((p) => p.report.endsWith('~'))) {
      const name = head.report.slice(0, -1);
      const h = JSON.parse(head.data) as { rest: object; count: number; per: number };
      const rows = Array.from({ length: Math.ceil(h.count / h.per) }, (_, k) => JSON.parse(rowParts.find((p) => p.variant === head.variant && p.report === `${name}~${k}`)!.data) as unknown[]).flat();
      expect(rows).toHaveLength(h.count);
      const whole = { ...h.rest, [name === 'transcript' ? 'rows' : 'students']: rows };
      await db.insertInto('exam_report_part').values({ exam_id: examId, variant: head.variant, report: name, version: head.version, data: JSON.stringify(whole) }).execute();
    }
    await db.deleteFrom('exam_report_part').where('exam_id', '=', examId).where('report', 'like', '%~%').execute();
  }

  it('reads the student index and the asked report\'s small parts on the first request, never the transcript', async () => {
    const admin = await t.tokenFor('admin');
    const exam = await buildSmallExam(t, admin, '按报告读取');
    await releaseExam(t.database.db, exam.examId);
    const first = await cold(exam.examId, `/api/v1/${REPORT_ROUTES.overview.path}?examId=${exam.examId}`, admin);
    expect(first.parts.sort()).toEqual(['0/overview', '0/studentIndex', '0/transcriptHead']);
    expect(first.data.studentCount).toBeGreaterThan(0);
    const filter = await cold(exam.examId, `/api/v1/examReportComm/filter?examId=${exam.examId}`, admin);
    expect(filter.parts.sort()).toEqual(['0/overview', '0/studentIndex']);
    const rank = await cold(exam.examId, `/api/v1/${REPORT_ROUTES.rankSegment.path}?examId=${exam.examId}`, admin);
    expect(rank.parts.sort()).toEqual(['0/rankSegments', '0/studentIndex']);
    // one column of the reports stored by column
    const critical = await cold(exam.examId, `/api/v1/${REPORT_ROUTES.rateCritical.path}?examId=${exam.examId}&courseCode=SX`, admin);
    expect(critical.parts.sort()).toEqual(['0/rateCritical@SX', '0/studentIndex', '0/transcriptHead']);
  });

  it('answers every report route the same from the extra parts as from a set stored before them', async () => {
    const admin = await t.tokenFor('admin');
    const exam = await buildSmallExam(t, admin, '按报告读取二');
    await releaseExam(t.database.db, exam.examId);
    const filter = await cold(exam.examId, `/api/v1/examReportComm/filter?examId=${exam.examId}`, admin);
    const types = (filter.data.registrationTypes as { value: string }[]).map((x) => x.value).filter((v) => v !== '0');
    const queries = ['', '&courseCode=SX', `&classId=${exam.classIds[0]}`, `&classId=${exam.classIds[1]}&courseCode=YW`, ...types.map((x) => `&registrationType=${encodeURIComponent(x)}`)];
    const calls = [...Object.values(REPORT_ROUTES).map((r) => r.path), 'examReportComm/filter']
      .flatMap((path) => queries.map((q) => ({ url: `/api/v1/${path}?examId=${exam.examId}${q}`, token: admin })))
      // 学籍对比 is refused for one class (only the whole grade), as before
      .filter((c) => !(c.url.includes('registrationComparison') && c.url.includes('classId')));
    const answers = await sameWithoutExtras(exam.examId, calls);
    // only the transcript and the students' comments read the transcript's rows
    const readsRows = (a: { parts: string[] }) => a.parts.some((p) => /\/transcript(~\d+)?$/.test(p));
    expect(answers.filter((a, i) => !calls[i]!.url.includes('transcript') && !calls[i]!.url.includes('comment')).some(readsRows)).toBe(false);
  }, 240_000);

  it('reads a page of 成绩单, 评语 and 学生分析 from the chunks of rows it shows, the same as from the whole report', async () => {
    const admin = await t.tokenFor('admin');
    // the demo's 期末 exam: ≈ 370 students (2 chunks of 250 rows), compared with 期中 (学生进退步 has changes)
    const { id: examId } = await t.database.db.selectFrom('exam').select('id').where('name', '=', '2026学年高一期末考试').executeTakeFirstOrThrow();
    await releaseExam(t.database.db, examId);
    const url = (path: string, q: string) => `/api/v1/${path}?examId=${examId}${q}`;
    const head = await cold(examId, url(REPORT_ROUTES.transcript.path, '&current=2&size=50'), admin);
    // rows 50–99: the head and the first chunk, not the other chunks
    expect(head.parts.sort()).toEqual(['0/studentIndex', '0/transcript~', '0/transcript~0', '0/transcriptHead'].sort());
    const total = head.data.total as number;
    expect(total).toBeGreaterThan(300);
    const last = await cold(examId, url(REPORT_ROUTES.transcript.path, `&current=${Math.ceil(total / 50)}&size=50`), admin);
    expect(last.parts.filter((p) => p.includes('~')).sort()).toEqual(['0/transcript~', `0/transcript~${Math.floor((total - 1) / 250)}`]);
    const filter = await cold(examId, url('examReportComm/filter', ''), admin);
    const classIds = (filter.data.classes as { value: number }[]).map((c) => c.value).filter(Boolean);
    const progress = await cold(examId, url(REPORT_ROUTES.studentProgress.path, '&current=6&size=50'), admin);
    expect(progress.parts.filter((p) => p.includes('~')).sort()).toEqual(['0/students~', '0/students~1']);
    const calls = [
      ...[1, 5, 6, Math.ceil(total / 50)].map((page) => url(REPORT_ROUTES.transcript.path, `&current=${page}&size=50`)),
      url(REPORT_ROUTES.transcript.path, `&current=1&size=1000`),
      url(REPORT_ROUTES.transcript.path, `&classId=${classIds[2]}&current=2&size=20`),
      url(REPORT_ROUTES.transcript.path, `&courseCode=SX&classId=${classIds[5]}&totalPosition=last`),
      url(REPORT_ROUTES.transcript.path, `&keyword=${encodeURIComponent('李')}&size=30`),
      url(REPORT_ROUTES.transcript.path, `&registrationType=${encodeURIComponent('应届')}&current=2&size=100`),
      url(REPORT_ROUTES.comment.path, '&current=3&size=100'),
      url(REPORT_ROUTES.comment.path, `&classId=${classIds[1]}&current=2&size=20`),
      ...[1, 3, 4].map((page) => url(REPORT_ROUTES.studentProgress.path, `&current=${page}&size=100`)),
      url(REPORT_ROUTES.studentProgress.path, `&classId=${classIds[3]}&size=30`),
      url(REPORT_ROUTES.studentWeak.path, '&current=3&size=100'),
      url(REPORT_ROUTES.studentWeak.path, `&classId=${classIds[0]}&current=2&size=20`),
      url(REPORT_ROUTES.studentTop.path, ''),
    ].map((u) => ({ url: u, token: admin }));
    const answers = await sameWithoutExtras(examId, calls);
    expect(answers.every((a) => a.data.records === undefined || a.data.records.length > 0)).toBe(true);
  }, 240_000);

  it('answers every joint route the same from the extra parts (stored 校际对比 included), for the organiser and a school', async () => {
    const { examId, bureau } = await makeJointReportExam(t);
    // every variant stores its 校内排名, the all-students one (whose builders make the index first) included
    const ranked = await t.database.db.selectFrom('exam_report_part').select('variant').where('exam_id', '=', examId).where('report', '=', 'schoolRanks').execute();
    const variants = await t.database.db.selectFrom('exam_report_part').select('variant').distinct().where('exam_id', '=', examId).execute();
    expect(ranked.map((r) => r.variant).sort()).toEqual(variants.map((r) => r.variant).sort());
    const admin = await t.tokenFor('admin');
    const candidate = await t.database.db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).orderBy('exam_no').executeTakeFirstOrThrow();
    const paths = [...Object.values(JOINT_REPORT_PATHS), JOINT_OTHER_PATHS.filter, JOINT_OTHER_PATHS.schoolContrast];
    const queries = ['', '&courseCode=SX', '&courseCode=YW'];
    const calls = [bureau, admin].flatMap((token) => [
      ...paths.flatMap((path) => queries.map((q) => ({ url: `/api/v1/${path}?examId=${examId}${q}`, token }))),
      { url: `/api/v1/${JOINT_OTHER_PATHS.showStudentInfo}?examId=${examId}&examStudentId=${candidate.id}`, token },
    ]).filter((c) => !(c.token === admin && c.url.includes('studentStatusContrast')));
    const answers = await sameWithoutExtras(examId, calls);
    const contrast = answers.filter((_, i) => calls[i]!.url.includes('schoolContrast'));
    expect(contrast.every((a) => a.parts.includes('0/schoolContrast') && !a.parts.includes('0/transcript'))).toBe(true);
    expect(contrast.every((a) => a.data.tables.every((x: { rows: unknown[] }) => x.rows.length === 2))).toBe(true);
  }, 240_000);
});
