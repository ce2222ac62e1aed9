import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import sharp from 'sharp';
import type { ScanAbnormal, ScanBatchDetail, ScanOverview, ScanStudentPage, ObjectiveRecognizeResult, ScanRecycled } from '@jz/shared/api/scan';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { sheetJpeg, uploadScans, waitScanBatch, type Layout, type SheetFill } from '../helpers/scan-sheets.js';

/**
 * Scanning end to end on the demo database: a new exam of 示例中学 (one subject: three objective questions and
 * five written ones, so the card has two pages), its card saved, sheets drawn from that card
 * (tests/helpers/scan-sheets.ts), uploaded as one batch with every kind of trouble, recognised by the in-process
 * job queue, then every abnormal fixed through the api. Expected objective scores are worked by hand from the keys
 * (1 single A 5 分; 2 multiple AC 5 分, a correct subset 2.5; 3 judge √ 5 分): all right 15, “B / A / ×” 2.5,
 * “A / C / √” 12.5, “A / – / –” 5, “A / AC / –” 10.
 */

function zipOf(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const f of files) zip.file(f.name, f.data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A well-formed PDF whose page tree is empty (what a scanner writes when it scanned nothing). */
function emptyPdf(): Buffer {
  const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const pad = (n: number) => String(n).padStart(10, '0');
  return Buffer.from(`${body}xref\n0 3\n0000000000 65535 f \n${pad(9)} 00000 n \n${pad(body.indexOf('2 0 obj'))} 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`);
}

describe.each(dbKinds)('scanning on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let examId: number;
  let subjectId: number;
  let layout: Layout;
  let students: { id: number; examNo: string; name: string }[];

  const api = <T = any>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    t.call<T>({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

  const upload = (files: { name: string; data: Buffer }[], query: string, token = admin) => uploadScans(t, token, query, files);
  const waitBatch = (batchId: number): Promise<ScanBatchDetail> => waitScanBatch(t, admin, batchId);

  const page = (n: number, fill: SheetFill, opts: Parameters<typeof sheetJpeg>[3] = {}) => sheetJpeg(layout, n, fill, opts);
  const studentState = async () => {
    const r = await api<ScanStudentPage>('GET', `scanned_student/list?examSubjectId=${subjectId}&size=500`);
    expect(r.body.code, r.body.msg).toBe(200);
    return { list: r.body.data, of: (i: number) => r.body.data.records.find((x) => x.examStudentId === students[i]!.id)! };
  };
  /** Objective question scores as the Excel import stores them (question_score), by question number. */
  async function storedScores(i: number) {
    const r = await api<{ subjects: { examSubjectId: number; absent: boolean; questions: { no: string; score: number | null; choice: string | null }[] }[] }>(
      'GET', `question_score/find?examId=${examId}&examStudentId=${students[i]!.id}`);
    expect(r.body.code, r.body.msg).toBe(200);
    const s = r.body.data.subjects.find((x) => x.examSubjectId === subjectId)!;
    return { absent: s.absent, q: Object.fromEntries(s.questions.filter((q) => ['1', '2', '3'].includes(q.no)).map((q) => [q.no, [q.score, q.choice]])) };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-scan-api-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const cls = await db.selectFrom('school_class as c').innerJoin('student as s', 's.class_id', 'c.id')
      .select(['c.id', 'c.grade_id']).where('c.school_id', '=', school.id).groupBy(['c.id', 'c.grade_id']).orderBy('c.id').executeTakeFirstOrThrow();
    const created = await api<{ id: number }>('POST', 'exam_manage/add_multipart_exam', {
      name: '扫描测试考试', examType: 4, gradeId: cls.grade_id, startDate: '2026-11-20', endDate: '2026-11-21',
      subjects: [{ courseCode: 'SX', fullScore: 90, examDate: '2026-11-20' }], classIds: [cls.id] });
    expect(created.body.code, created.body.msg).toBe(200);
    const exam = await db.selectFrom('exam').select('id').where('name', '=', '扫描测试考试').where('school_id', '=', school.id).executeTakeFirstOrThrow();
    examId = exam.id;
    subjectId = (await db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).executeTakeFirstOrThrow()).id;
    const saved = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions: [
      { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' },
      { no: '2', type: 'multiple', fullScore: 5, step: 0.5, answer: 'AC' },
      { no: '3', type: 'judge', fullScore: 5, step: 1, answer: 'T' },
      ...['4', '5', '6', '7', '8'].map((no) => ({ no, type: 'subjective', fullScore: 15, step: 1 })),
    ] });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const card = await api('POST', 'card/save', { examSubjectId: subjectId, settings: {} });
    expect(card.body.code, card.body.msg).toBe(200);
    layout = card.body.data.layout as Layout;
    expect(layout.pages).toHaveLength(2);
    students = (await db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
      .select(['es.id', 'es.exam_no as examNo', 'st.name']).where('es.exam_id', '=', examId).orderBy('es.exam_no').execute());
    expect(students.length).toBeGreaterThanOrEqual(8);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let batch: ScanBatchDetail;

  it('uploads a batch with every kind of trouble and recognises the rest', async () => {
    const s = (i: number) => students[i]!.examNo;
    const files = [
      { name: 's0-1.jpg', data: await page(1, { examNo: s(0), answers: { 1: 'A', 2: 'AC', 3: '√' } }) },
      { name: 's0-2.jpg', data: await page(2, {}) },
      { name: 's1.zip', data: await zipOf([{ name: 's1-1.jpg', data: await page(1, { examNo: s(1), answers: { 1: 'B', 2: 'A', 3: '×' } }) }, { name: 's1-2.jpg', data: await page(2, {}) }]) },
      { name: 's2-1.jpg', data: await page(1, { examNo: s(2), absent: true }) },
      { name: 's2-2.jpg', data: await page(2, {}) },
      { name: 's3-1.jpg', data: await page(1, { examNo: s(3), answers: { 1: 'A', 2: 'C', 3: '√' } }, { rotate180: true }) },
      { name: 's3-2.jpg', data: await page(2, {}, { rotate180: true }) },
      { name: 's4-1.jpg', data: await page(1, { answers: { 1: 'A' } }) }, // 考号 not filled
      { name: 's4-2.jpg', data: await page(2, {}) },
      { name: 'other-exam.jpg', data: await page(1, { examNo: s(7), answers: { 1: 'A' } }, { pageCodeOf: 999_999 }) },
      { name: 's5-1.jpg', data: await page(1, { examNo: s(5), answers: { 2: 'AC' }, faint: { 1: 'A' } }) },
      { name: 's5-2.jpg', data: await page(2, {}) },
      { name: 's6-1.jpg', data: await page(1, { examNo: s(6), answers: { 1: 'A', 2: 'AC', 3: '√' } }) },
      { name: 'blank.jpg', data: await page(1, {}, { blank: true }) },
      { name: 's0-1-again.jpg', data: await page(1, { examNo: s(0), answers: { 1: 'A', 2: 'AC', 3: '√' } }) },
      { name: 'broken.jpg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]) },
      { name: 'notes.txt', data: Buffer.from('这不是图片') },
      { name: 'empty.pdf', data: emptyPdf() },
      { name: 'torn.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ];
    const res = await upload(files, `scanned_batch/upload?examSubjectId=${subjectId}`);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.rejectedFiles).toEqual([{ name: 'notes.txt', reason: '不是图片文件（支持 JPG、PNG、TIFF、WebP、PDF 或 zip 压缩包）' }]);
    batch = await waitBatch(res.data.batch.id);
    // 19 files, the zip holding 2: 20 page rows
    expect(batch.pages).toHaveLength(20);
    const byName = (n: string) => batch.pages.find((p) => p.fileName === n || p.fileName.endsWith(`/${n}`))!;
    expect(byName('broken.jpg')).toMatchObject({ status: 'abnormal', abnormalKind: 'badFile', reason: '图片已损坏或不完整，无法读取' });
    expect(byName('empty.pdf')).toMatchObject({ status: 'abnormal', abnormalKind: 'badFile', reason: 'PDF 文件没有页面' });
    expect(byName('torn.pdf')).toMatchObject({ status: 'abnormal', abnormalKind: 'badFile', reason: 'PDF 文件已损坏，无法打开' });
    expect(byName('notes.txt')).toMatchObject({ status: 'abnormal', abnormalKind: 'badFile', reason: '不是图片文件（支持 JPG、PNG、TIFF、WebP、PDF 或 zip 压缩包）' });
    expect(byName('blank.jpg')).toMatchObject({ status: 'abnormal', abnormalKind: 'anchor' });
    expect(byName('other-exam.jpg')).toMatchObject({ status: 'abnormal', abnormalKind: 'otherSubject' });
    expect(byName('s4-1.jpg')).toMatchObject({ status: 'abnormal', abnormalKind: 'examNo', examStudentId: null });
    expect(byName('s4-2.jpg')).toMatchObject({ status: 'abnormal', abnormalKind: 'orphan', examStudentId: null });
    expect(byName('s3-1.jpg')).toMatchObject({ status: 'ok', pageNo: 1, examStudentId: students[3]!.id });
    expect(byName('s1-1.jpg')).toMatchObject({ status: 'ok', pageNo: 1, examStudentId: students[1]!.id });
    expect(byName('s1-2.jpg')).toMatchObject({ status: 'ok', pageNo: 2, examStudentId: students[1]!.id });
    expect(byName('s0-1.jpg')).toMatchObject({ abnormalKind: 'duplicate', examStudentId: students[0]!.id });
    expect(byName('s0-1-again.jpg')).toMatchObject({ abnormalKind: 'duplicate', examStudentId: students[0]!.id });
    expect(byName('s5-1.jpg')).toMatchObject({ abnormalKind: 'doubt', examStudentId: students[5]!.id });
    expect(byName('s6-1.jpg')).toMatchObject({ abnormalKind: 'missingPage', reason: '缺少第 2 页' });
    expect(batch.batch).toMatchObject({ status: 'done', progress: 100, pageCount: 20, recognizedCount: 20 });

    const { list, of } = await studentState();
    expect(of(0)).toMatchObject({ state: 'abnormal', duplicate: true });
    expect(of(1)).toMatchObject({ state: 'uploaded', objectiveScore: 2.5, pagesPresent: [1, 2] });
    expect(of(2)).toMatchObject({ state: 'absent' });
    expect(of(3)).toMatchObject({ state: 'uploaded', objectiveScore: 12.5 });
    expect(of(4)).toMatchObject({ state: 'noScan' });
    expect(of(5)).toMatchObject({ state: 'abnormal', abnormalKind: 'doubt' });
    expect(of(6)).toMatchObject({ state: 'abnormal', abnormalKind: 'missingPage' });
    const n = students.length;
    expect(list.counters).toMatchObject({ studentCount: n, uploadCount: 2, missExamCount: 1, abnormalCount: 3, noScanCount: n - 6 });
    // 异常卷 of nobody, by sheet: s4 (page 1 and the page 2 it carries), other-exam, blank, broken, notes, empty.pdf, torn.pdf
    expect(list.counters.unassignedAbnormalCount).toBe(7);
    // with s0's two copies (both hold a duplicate page 1), s5 and s6: 11 (a sheet counts once, however many of its pages are abnormal)
    expect(list.counters.abnormalSheetCount).toBe(11);
    // the scores are where the Excel import puts them; abnormal sheets have none
    expect(await storedScores(1)).toEqual({ absent: false, q: { 1: [0, 'B'], 2: [2.5, 'A'], 3: [0, 'F'] } });
    expect(await storedScores(3)).toEqual({ absent: false, q: { 1: [5, 'A'], 2: [2.5, 'C'], 3: [5, 'T'] } });
    expect((await storedScores(2)).absent).toBe(true);
    expect(await storedScores(0)).toEqual({ absent: false, q: { 1: [null, null], 2: [null, null], 3: [null, null] } });
  }, 240_000);

  it('shows the abnormal sheets with their fixes and the doubtful bubbles', async () => {
    const r = await api<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${subjectId}`);
    expect(r.body.code, r.body.msg).toBe(200);
    const kinds = r.body.data.map((a) => a.kind).sort();
    expect(kinds).toEqual(['anchor', 'badFile', 'badFile', 'badFile', 'badFile', 'doubt', 'duplicate', 'duplicate', 'examNo', 'missingPage', 'orphan', 'otherSubject'].sort());
    const doubt = r.body.data.find((a) => a.kind === 'doubt')!;
    expect(doubt.fixes).toEqual(['confirmMarks']);
    const q1 = doubt.doubts.find((d) => d.kind === 'question' && d.id === '1')!;
    expect(q1.options.map((o) => o.value)).toEqual(['A', 'B', 'C', 'D']);
    // the crop lies on the page image
    expect(q1.rect.x + q1.rect.w).toBeLessThanOrEqual(doubt.page.width!);
    const dup = r.body.data.find((a) => a.kind === 'duplicate')!;
    expect(dup.duplicates).toHaveLength(1);
    expect(r.body.data.find((a) => a.kind === 'missingPage')!.missingPages).toEqual([2]);
  });

  it('fixes every abnormal: type the 考号, keep one duplicate, confirm marks, rescan a student', async () => {
    const pageOf = (name: string) => batch.pages.find((p) => p.fileName === name)!;
    // 考号 typed: the page and the page after it now belong to s4
    let r = await api('POST', 'scanned_abnormal/setExamNo', { pageId: pageOf('s4-1.jpg').id, examNo: students[4]!.examNo });
    expect(r.body.code, r.body.msg).toBe(200);
    // duplicate: keep the first, the other goes to the recycle bin
    r = await api('POST', 'scanned_abnormal/keep', { pageId: pageOf('s0-1.jpg').id });
    expect(r.body).toMatchObject({ code: 200, data: { count: 1 } });
    // doubtful mark confirmed as A
    r = await api('POST', 'scanned_abnormal/confirmMarks', { pageId: pageOf('s5-1.jpg').id, questions: [{ questionNo: '1', marked: ['A'] }] });
    expect(r.body.code, r.body.msg).toBe(200);
    // a letter the question does not have is refused, nothing changed
    r = await api('POST', 'scanned_abnormal/confirmMarks', { pageId: pageOf('s5-1.jpg').id, questions: [{ questionNo: '1', marked: ['H'] }] });
    expect(r.body).toMatchObject({ code: 400, msg: '第 1 题没有选项 H' });
    // missing page: rescan s6's whole sheet
    const body = await upload([{ name: 'r1.jpg', data: await page(1, { examNo: students[6]!.examNo, answers: { 1: 'B', 2: 'AC', 3: '√' } }) }, { name: 'r2.jpg', data: await page(2, {}) }],
      `scanned_student/rescan?examSubjectId=${subjectId}&examStudentId=${students[6]!.id}`);
    expect(body.code, body.msg).toBe(200);
    await waitBatch(body.data.batch.id);
    const { of } = await studentState();
    expect(of(0)).toMatchObject({ state: 'uploaded', objectiveScore: 15, duplicate: false });
    expect(of(4)).toMatchObject({ state: 'uploaded', objectiveScore: 5, pagesPresent: [1, 2] });
    expect(of(5)).toMatchObject({ state: 'uploaded', objectiveScore: 10 });
    expect(of(6)).toMatchObject({ state: 'uploaded', objectiveScore: 10, pagesPresent: [1, 2] });
    // every other student untouched by the rescan
    expect(of(1)).toMatchObject({ state: 'uploaded', objectiveScore: 2.5 });
    expect(of(3)).toMatchObject({ state: 'uploaded', objectiveScore: 12.5 });
    const history = await api<ScanRecycled[]>('GET', `scanned/historyList?examSubjectId=${subjectId}`);
    // the kept duplicate's twin and s6's replaced first page
    expect(history.body.data.map((h) => h.page.fileName).sort()).toEqual(['s0-1-again.jpg', 's6-1.jpg']);
    const result = await api<ObjectiveRecognizeResult>('GET', `standard_answer/objective_recognize_result?examSubjectId=${subjectId}&examStudentId=${students[5]!.id}`);
    expect(result.body.data.questions.map((q) => [q.no, q.choice, q.confirmed, q.score])).toEqual([['1', 'A', true, 5], ['2', 'AC', false, 5], ['3', '', false, 0]]);
  }, 240_000);

  it('claims a sheet whose 考号 cannot be read, turns a page and shows the counters in the exam detail and its steps', async () => {
    const res = await upload([{ name: 's7-1.jpg', data: await page(1, { answers: { 1: 'A', 3: '×' } }) }, { name: 's7-2.jpg', data: await page(2, {}) }],
      `scanned_batch/upload?examSubjectId=${subjectId}&name=${encodeURIComponent('补扫')}`);
    expect(res.code, res.msg).toBe(200);
    const detail = await waitBatch(res.data.batch.id);
    expect(detail.batch).toMatchObject({ name: '补扫', no: 3, pageCount: 2 });
    const first = detail.pages.find((p) => p.fileName === 's7-1.jpg')!;
    expect(first).toMatchObject({ abnormalKind: 'examNo' });
    // a 考号 that is not in the exam is refused, nothing changed
    expect((await api('POST', 'scanned_abnormal/setExamNo', { pageId: first.id, examNo: '不存在的考号' })).body)
      .toMatchObject({ code: 400, msg: '考号 不存在的考号 不在本次考试的考生名单中' });
    let r = await api('POST', 'scanned_abnormal/claim', { pageId: first.id, examStudentId: students[7]!.id });
    expect(r.body.code, r.body.msg).toBe(200);
    const { list, of } = await studentState();
    expect(of(7)).toMatchObject({ state: 'uploaded', claimed: true, objectiveScore: 5, pagesPresent: [1, 2] });
    expect(list.counters.claimCount).toBe(1);
    // turning an upright page: recognised again the other way up, same reading
    const s3 = (await api<{ pages: { id: number; pageNo: number }[] }>('GET', `scanned_student/detail?examSubjectId=${subjectId}&examStudentId=${students[3]!.id}`)).body.data.pages;
    r = await api('POST', 'scanned_abnormal/rotate', { pageId: s3.find((p) => p.pageNo === 1)!.id });
    expect(r.body.code, r.body.msg).toBe(200);
    expect((await studentState()).of(3)).toMatchObject({ state: 'uploaded', objectiveScore: 12.5 });
    // the exam detail carries the spec's four counters; the subject's steps include 扫描
    const exams = await api<{ id: number; subjects: { id: number; noScanCount: number; missExamCount: number; abnormalCount: number; uploadCount: number }[] }>(
      'GET', `exam_manage/find_exam?examId=${examId}`);
    expect(exams.body.code, exams.body.msg).toBe(200);
    const subj = exams.body.data.subjects.find((x) => x.id === subjectId)!;
    const counters = (await studentState()).list.counters;
    expect(subj).toMatchObject({ noScanCount: counters.noScanCount, missExamCount: 1, abnormalCount: counters.abnormalCount, uploadCount: counters.uploadCount });
    const flow = await api<{ finished: string[]; examStateStr: string }>('GET', `flow/find_flow_status?examSubjectId=${subjectId}`);
    expect(flow.body.data.finished).toEqual(['question', 'card', 'scan']);
    expect(flow.body.data.examStateStr).toBe('question,card,scan');
  }, 240_000);

  it('deletes to the recycle bin and restores', async () => {
    const sheet = await api<{ pages: { id: number }[] }>('GET', `scanned_student/detail?examSubjectId=${subjectId}&examStudentId=${students[1]!.id}`);
    const ids = sheet.body.data.pages.map((p) => p.id);
    expect(ids).toHaveLength(2);
    let r = await api('POST', 'scanned/updateObject', { pageIds: ids });
    expect(r.body).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await studentState()).of(1)).toMatchObject({ state: 'noScan' });
    expect(await storedScores(1)).toEqual({ absent: false, q: { 1: [null, null], 2: [null, null], 3: [null, null] } });
    r = await api('POST', 'scanned/historyReduction', { pageIds: ids });
    expect(r.body).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await studentState()).of(1)).toMatchObject({ state: 'uploaded', objectiveScore: 2.5 });
    expect(await storedScores(1)).toEqual({ absent: false, q: { 1: [0, 'B'], 2: [2.5, 'A'], 3: [0, 'F'] } });
  });

  it('starts recognition again for the pages a dead worker left waiting', async () => {
    const db = t.database.db;
    const p = batch.pages.find((x) => x.fileName === 's3-2.jpg')!;
    // as if the worker had died before this page: waiting, the batch still recognising, no live job
    await db.updateTable('scan_page').set({ recognized: false, status: 'pending' }).where('id', '=', p.id).execute();
    await db.updateTable('scan_batch').set({ status: 'recognizing' }).where('id', '=', batch.batch.id).execute();
    // while a job of the batch is alive the retry is refused
    await db.insertInto('job').values({ id: 'scan-retry-test', kind: 'scan-recognize', school_id: null, state: 'running', params: JSON.stringify({ batchId: batch.batch.id }) }).execute();
    expect((await api('POST', 'scanned_batch/retry', { batchId: batch.batch.id })).body).toMatchObject({ code: 400, msg: '该批次正在识别中，请稍后' });
    await db.deleteFrom('job').where('id', '=', 'scan-retry-test').execute();
    const r = await api('POST', 'scanned_batch/retry', { batchId: batch.batch.id });
    expect(r.body.code, r.body.msg).toBe(200);
    const done = await waitBatch(batch.batch.id);
    expect(done.pages.find((x) => x.id === p.id)).toMatchObject({ status: 'ok', pageNo: 2, examStudentId: students[3]!.id });
    expect((await studentState()).of(3)).toMatchObject({ state: 'uploaded', pagesPresent: [1, 2] });
  }, 240_000);

  it('re-scores when the key changes, and calculateScore writes the same', async () => {
    const r = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions: [
      { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'B' },
      { no: '2', type: 'multiple', fullScore: 5, step: 0.5, answer: 'AC' },
      { no: '3', type: 'judge', fullScore: 5, step: 1, answer: 'T' },
      ...['4', '5', '6', '7', '8'].map((no) => ({ no, type: 'subjective', fullScore: 15, step: 1 })),
    ] });
    expect(r.body.code, r.body.msg).toBe(200);
    // s1 answered B (now right), s0 answered A (now wrong)
    expect((await storedScores(1)).q['1']).toEqual([5, 'B']);
    expect((await storedScores(0)).q['1']).toEqual([0, 'A']);
    const calc = await api('GET', `calculateScore?examSubjectId=${subjectId}`);
    // uploaded: s0 s1 s3 s4 s5 s6 s7; absent: s2
    expect(calc.body).toMatchObject({ code: 200, data: { scored: 7, absent: 1 } });
    expect((await storedScores(1)).q['1']).toEqual([5, 'B']);
    expect((await studentState()).of(0)).toMatchObject({ objectiveScore: 10 });
  });

  it('serves the images to the scanning users only, and refuses another school and other roles', async () => {
    const sheet = await api<{ pages: { id: number; imageUrl: string; blocks: { id: string; imageUrl: string }[] }[] }>('GET', `scanned_student/detail?examSubjectId=${subjectId}&examStudentId=${students[3]!.id}`);
    const p = sheet.body.data.pages[0]!;
    const img = await t.app.inject({ url: `/api/v1/${p.imageUrl}`, headers: { authorization: admin } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // the written answers of page 1 (questions 4 and 5 on this card) are cut into block images for marking
    const cardBlocks = layout.pages[0]!.elements.filter((e) => e.kind === 'subjective').map((e) => String(e.no));
    expect(p.blocks.map((b) => b.id)).toEqual(cardBlocks);
    const block = await t.app.inject({ url: `/api/v1/${p.blocks[0]!.imageUrl}`, headers: { authorization: admin } });
    expect(block.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(block.rawPayload).metadata();
    const el = layout.pages[0]!.elements.find((e) => e.kind === 'subjective')!;
    // 150 dpi: the box's width in mm × 150 / 25.4 pixels, within 2 % (anchor fit)
    expect(Math.abs(meta.width! - (el.w * 150) / 25.4) / ((el.w * 150) / 25.4)).toBeLessThan(0.02);
    const admin2 = await t.tokenFor('admin2');
    const other = await t.app.inject({ url: `/api/v1/${p.imageUrl}`, headers: { authorization: admin2 } });
    expect(other.json().code).toBe(404);
    expect((await api('GET', `scanned_batch/list?examSubjectId=${subjectId}`, undefined, admin2)).body.code).toBe(403);
    const teacher = await t.tokenFor('teacher1');
    expect((await api('GET', `scanned_batch/list?examSubjectId=${subjectId}`, undefined, teacher)).body.code).toBe(403);
    expect((await api('POST', 'scanned/updateObject', { pageIds: [p.id] }, teacher)).body.code).toBe(403);
    // named 扫描员 of the subject, the teacher may scan it
    const teacherUser = await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow();
    expect((await api('POST', 'scanned_operator/save', { examSubjectId: subjectId, userIds: [teacherUser.id] }, teacher)).body.code).toBe(403);
    const saved = await api('POST', 'scanned_operator/save', { examSubjectId: subjectId, userIds: [teacherUser.id] });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const view = await api<ScanOverview>('GET', `scanned_batch/list?examSubjectId=${subjectId}`, undefined, teacher);
    expect(view.body.code, view.body.msg).toBe(200);
    expect(view.body.data.batches).toHaveLength(3);
  });
});
