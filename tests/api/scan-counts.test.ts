import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanAbnormal, ScanOverview, ScanRecycled, ScanStudentPage } from '@jz/shared/api/scan';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { scanExamWithCard, sheetJpeg, TWO_PAGE_QUESTIONS, uploadScans, waitScanBatch, type SheetFill } from '../helpers/scan-sheets.js';

/**
 * Every scanning counter against hand-counted values (docs/DOMAIN-RULES.md §5, 扫描计数): the student counters
 * (未扫 / 缺考 / 异常 / 上传成功), 异常卷 — sheets with an abnormal page, counted once whatever their reasons — in
 * all, of nobody and per batch, the abnormal list, and the exam list's counters, through a state like the one a
 * school met: a sheet with two reasons, a copy scanned twice, 保留这一份 and a restore.
 *
 * The card has two pages (three objective questions and five written ones). Batch 1, in scanning order
 * (“sN” = student N; “p1 p2” = the pages of one copy):
 *   s0 p1 p2 | s1 p1(faint mark) p2 | ?? p1(考号 blank) p2 | s2 p1 p2 | s2 p1 p2 | s3 p1(缺考) p2 | s4 p1 | s5 p1 p2 | p2 (stray)
 * Hand count: 9 sheets, 16 pages. Students: s0 s5 上传成功, s3 缺考, s1 (识别存疑) s2 (重复扫描) s4 (缺页) 异常,
 * the others 未扫. 异常卷: s1, ??, both s2 copies, s4, the stray p2 = 6, of which ?? and the stray belong to nobody (2);
 * ok sheets: s0, s3, s5 = 3. Abnormal pages (what the page-based counters showed): 1 + 2 + 4 + 1 + 1 = 9.
 */
describe.each(dbKinds)('scanning counters on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let exam: Awaited<ReturnType<typeof scanExamWithCard>>;
  const pageIds = new Map<string, number>();

  const api = <T = any>(method: 'GET' | 'POST', url: string, payload?: object) => t.call<T>({ method, url: `/api/v1/${url}`, token: admin, ...(payload ? { payload } : {}) });
  const ok = async <T = any>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const r = await api<T>(method, url, payload);
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data;
  };
  const page = (n: number, fill: SheetFill) => sheetJpeg(exam.layout, n, fill);
  const sheet = async (name: string, i: number | null, pages: number[], fill: SheetFill = {}) => {
    const files = [];
    for (const p of pages) files.push({ name: `${name}-${p}.jpg`, data: await page(p, { ...fill, ...(p === 1 && i !== null ? { examNo: exam.students[i]!.examNo } : {}) }) });
    return files;
  };
  const upload = async (files: { name: string; data: Buffer }[]) => {
    const res = await uploadScans(t, admin, `scanned_batch/upload?examSubjectId=${exam.subjectId}`, files);
    expect(res.code, res.msg).toBe(200);
    const done = await waitScanBatch(t, admin, res.data.batch.id);
    for (const p of done.pages) pageIds.set(p.fileName, p.id);
    return done;
  };

  /** Everything the screens count, read back through the routes. */
  async function counts() {
    const overview = await ok<ScanOverview>('GET', `scanned_batch/list?examSubjectId=${exam.subjectId}`);
    const list = await ok<ScanStudentPage>('GET', `scanned_student/list?examSubjectId=${exam.subjectId}&size=500`);
    const abnormal = await ok<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${exam.subjectId}`);
    const listed = await ok<{ subjects: { id: number; noScanCount: number; missExamCount: number; abnormalCount: number; uploadCount: number }[] }>('GET', `exam_manage/find_exam?examId=${exam.examId}`);
    const c = overview.counters;
    // one definition everywhere: the student list's counters, the exam's, the batches' sum and the list's sheets agree
    expect(list.counters).toEqual(c);
    expect(listed.subjects.find((s) => s.id === exam.subjectId)).toMatchObject({ noScanCount: c.noScanCount, missExamCount: c.missExamCount, abnormalCount: c.abnormalCount, uploadCount: c.uploadCount });
    expect(overview.batches.reduce((a, b) => a + b.abnormalCount, 0)).toBe(c.abnormalSheetCount);
    expect(new Set(abnormal.map((a) => a.page.sheetId)).size).toBe(c.abnormalSheetCount);
    const state = (i: number) => list.records.find((r) => r.examStudentId === exam.students[i]!.id)!.state;
    return { c, batches: [...overview.batches].reverse().map((b) => [b.sheetCount, b.okCount, b.abnormalCount, b.deletedCount]), abnormal, state, abnormalPages: abnormal.length };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-scan-counts-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    exam = await scanExamWithCard(t, admin, '扫描计数考试', 90, TWO_PAGE_QUESTIONS);
    expect(exam.layout.pages).toHaveLength(2);
    expect(exam.students.length).toBeGreaterThanOrEqual(8);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts 异常卷 by sheet: one per copy with an abnormal page, whatever its reasons', async () => {
    const answers = { 1: 'A', 2: 'AC', 3: '√' };
    await upload([
      ...await sheet('s0', 0, [1, 2], { answers }),
      ...await sheet('s1', 1, [1, 2], { answers: { 2: 'AC' }, faint: { 1: 'A' } }),
      ...await sheet('noid', null, [1, 2], { answers }),
      ...await sheet('s2a', 2, [1, 2], { answers }),
      ...await sheet('s2b', 2, [1, 2], { answers }),
      ...await sheet('s3', 3, [1, 2], { absent: true }),
      ...await sheet('s4', 4, [1], { answers }),
      ...await sheet('s5', 5, [1, 2], { answers }),
      ...await sheet('stray', null, [2]),
    ]);
    const n = exam.students.length;
    const r = await counts();
    expect(r.c).toEqual({
      studentCount: n, noScanCount: n - 6, missExamCount: 1, abnormalCount: 3, uploadCount: 2, duplicateCount: 1, claimCount: 0,
      abnormalSheetCount: 6, unassignedAbnormalCount: 2, recycledCount: 0,
    });
    // [sheets, ok sheets, 异常卷, pages in the recycle bin] of the batch
    expect(r.batches).toEqual([[9, 3, 6, 0]]);
    expect(r.abnormalPages).toBe(9);
    expect([0, 1, 2, 3, 4, 5, 6].map(r.state)).toEqual(['uploaded', 'abnormal', 'abnormal', 'absent', 'abnormal', 'uploaded', 'noScan']);
    // the copy with the blank 考号: two reasons, one 异常卷; its page 2 waits for page 1 and says so
    const noid = r.abnormal.filter((a) => a.page.fileName.startsWith('noid'));
    expect(noid.map((a) => a.kind)).toEqual(['examNo', 'orphan']);
    expect(new Set(noid.map((a) => a.page.sheetId))).toEqual(new Set([pageIds.get('noid-1.jpg')]));
    expect(noid[1]!.reason).toBe('本份答题卡第 1 页考号无法识别：第 1 页确定考生后，本页随之归属；也可直接认领');
    // the 考号 area is placed on the page for the person who types it
    const rect = noid[0]!.examNoRect!;
    expect(rect.w).toBeGreaterThan(50);
    expect(rect.x + rect.w).toBeLessThanOrEqual(noid[0]!.page.width!);
    expect(rect.y + rect.h).toBeLessThan(noid[0]!.page.height! / 2);
  }, 240_000);

  it('a claimed page 2 gives s1’s copy a second reason; it is still one 异常卷', async () => {
    await upload([...await sheet('s6', 6, [1, 2], { answers: { 1: 'A', 2: 'AC', 3: '√' } }), ...await sheet('s1again', null, [2])]);
    let r = await counts();
    // batch 2: s6 (ok) and a lone p2 (nobody's)
    expect(r.batches).toEqual([[9, 3, 6, 0], [2, 1, 1, 0]]);
    expect(r.c).toMatchObject({ abnormalCount: 3, uploadCount: 3, abnormalSheetCount: 7, unassignedAbnormalCount: 3 });
    await ok('POST', 'scanned_abnormal/claim', { pageId: pageIds.get('s1again-2.jpg'), examStudentId: exam.students[1]!.id });
    r = await counts();
    // s1's first copy: 识别存疑 on page 1 and 重复扫描 on page 2 — one 异常卷; the claimed page: another
    const s1 = r.abnormal.filter((a) => a.page.sheetId === pageIds.get('s1-1.jpg'));
    expect(s1.map((a) => a.kind).sort()).toEqual(['doubt', 'duplicate']);
    expect(r.c).toMatchObject({ abnormalCount: 3, uploadCount: 3, duplicateCount: 2, claimCount: 1, abnormalSheetCount: 7, unassignedAbnormalCount: 2 });
    expect(r.batches).toEqual([[9, 3, 6, 0], [2, 1, 1, 0]]);
  }, 240_000);

  it('保留这一份 puts the whole other copy in the recycle bin and leaves no new abnormal; a restore counts it again', async () => {
    const deleted = await ok<{ count: number }>('POST', 'scanned_abnormal/keep', { pageId: pageIds.get('s2a-1.jpg') });
    expect(deleted.count).toBe(2);
    let r = await counts();
    expect(r.state(2)).toBe('uploaded');
    // both s2 copies out of the list, nothing new (before: the other copy's page 2 became 无法确定考生)
    expect(r.c).toMatchObject({ abnormalCount: 2, uploadCount: 4, duplicateCount: 1, abnormalSheetCount: 5, unassignedAbnormalCount: 2, recycledCount: 2 });
    expect(r.batches).toEqual([[8, 4, 4, 2], [2, 1, 1, 0]]);
    const bin = await ok<ScanRecycled[]>('GET', `scanned/historyList?examSubjectId=${exam.subjectId}`);
    expect(bin.map((b) => b.page.fileName).sort()).toEqual(['s2b-1.jpg', 's2b-2.jpg']);

    // page 2 of the deleted copy restored alone: still s2's (its page 1 in the bin carries it), a duplicate again
    await ok('POST', 'scanned/historyReduction', { pageIds: [pageIds.get('s2b-2.jpg')] });
    r = await counts();
    expect(r.state(2)).toBe('abnormal');
    expect(r.abnormal.filter((a) => a.page.fileName.startsWith('s2')).map((a) => [a.page.fileName, a.kind]).sort())
      .toEqual([['s2a-2.jpg', 'duplicate'], ['s2b-2.jpg', 'duplicate']]);
    expect(r.c).toMatchObject({ abnormalCount: 3, uploadCount: 3, abnormalSheetCount: 7, unassignedAbnormalCount: 2, recycledCount: 1 });
    expect(r.batches).toEqual([[9, 3, 6, 1], [2, 1, 1, 0]]);

    // keep the first copy again: the restored page goes back to the bin
    expect((await ok<{ count: number }>('POST', 'scanned_abnormal/keep', { pageId: pageIds.get('s2a-2.jpg') })).count).toBe(1);
    r = await counts();
    expect(r.c).toMatchObject({ abnormalCount: 2, uploadCount: 4, abnormalSheetCount: 5, unassignedAbnormalCount: 2, recycledCount: 2 });
  }, 240_000);

  it('typing the 考号 settles both pages of that copy: one 异常卷 fewer', async () => {
    await ok('POST', 'scanned_abnormal/setExamNo', { pageId: pageIds.get('noid-1.jpg'), examNo: exam.students[7]!.examNo });
    const r = await counts();
    expect(r.state(7)).toBe('uploaded');
    expect(r.c).toMatchObject({ abnormalCount: 2, uploadCount: 5, abnormalSheetCount: 4, unassignedAbnormalCount: 1 });
    expect(r.batches).toEqual([[8, 5, 3, 2], [2, 1, 1, 0]]);
  }, 240_000);
});
