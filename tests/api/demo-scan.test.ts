import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanAbnormal, ScanOverview, ScanStudentPage, ObjectiveRecognizeResult } from '@jz/shared/api/scan';
import { seedDemoScan, type DemoScanResult } from '../../apps/api/src/seed/demo-scan.js';
import { DEMO_SCAN_CASES, DEMO_SCAN_QUESTIONS, planDemoScan, type DemoSheet } from '../../apps/api/src/seed/demo-scan-plan.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * The scanning demo of the first start (apps/api/src/seed/demo-scan.ts) on the demo database: its sheets are the
 * committed printed blanks filled by the synthetic generator and recognised by the real job. Expected figures are
 * worked here from what each student filled (the plan, the generator's input) and the paper's keys, by the scoring
 * rule of the spec (objective question: the key exactly = full points; multiple choice: a correct part of the key =
 * its partialScore, 3 here; anything else or blank = 0), and the counters from the designed troubles:
 * 未扫 = the two students left unscanned + the sheet whose 考号 cannot be read (it belongs to nobody yet);
 * 缺考 = the three sheets with the proctor's mark; 异常 = the student scanned twice and the student with the 存疑 mark.
 */
const KEY = new Map(DEMO_SCAN_QUESTIONS.filter((q) => q.type === 'single' || q.type === 'multiple').map((q) => [q.no, q]));

function expectedScore(sheet: DemoSheet): number {
  let total = 0;
  for (const [no, q] of KEY) {
    const marked = (sheet.answers[no] ?? []).map((m) => (typeof m === 'string' ? m : m.value)).sort().join('');
    if (!marked) continue;
    if (marked === q.answer) total += q.fullScore;
    else if (q.type === 'multiple' && [...marked].every((ch) => q.answer!.includes(ch))) total += q.partialScore!;
  }
  return total;
}

describe.each(dbKinds)('the scanning demo exam on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let seeded: DemoScanResult | null;
  let examNos: string[];
  const api = async <T>(url: string) => {
    const r = await t.call<T>({ method: 'GET', url: `/api/v1/${url}`, token: admin });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-demo-scan-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    seeded = await seedDemoScan(t.database.db, t.storage);
    if (seeded) {
      const rows = await t.database.db.selectFrom('exam_student').select('exam_no').where('exam_id', '=', seeded.examId).orderBy('exam_no').execute();
      examNos = rows.map((r) => r.exam_no);
    }
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is seeded from the committed blanks (the card still matches them) and only once', async () => {
    expect(seeded).not.toBeNull();
    expect(seeded!.sheets).toBe(examNos.length - DEMO_SCAN_CASES.notScannedLast);
    // two card pages per sheet, one sheet fed twice
    expect(seeded!.files).toBe(2 * seeded!.sheets + 2);
    expect(await seedDemoScan(t.database.db, t.storage)).toBeNull();
  });

  it('has the scan counters of the designed sheets, two finished batches and the four kinds of trouble', async () => {
    const o = await api<ScanOverview>(`scanned_batch/list?examSubjectId=${seeded!.examSubjectId}`);
    const n = examNos.length;
    expect(o.cardSaved).toBe(true);
    expect(o.counters).toMatchObject({
      studentCount: n, noScanCount: 3, missExamCount: 3, abnormalCount: 2, uploadCount: n - 8, duplicateCount: 1, claimCount: 0, recycledCount: 0,
      // 异常卷 by sheet: the unreadable 考号's copy (its two pages), the two copies of the sheet fed twice, the doubtful mark's
      abnormalSheetCount: 4, unassignedAbnormalCount: 1,
    });
    // per batch (newest first): the second copy of the twice-fed sheet; the other three
    expect(o.batches.map((b) => b.abnormalCount)).toEqual([1, 3]);
    expect(o.batches.map((b) => [b.status, b.fileCount, b.pageCount])).toEqual([['done', 34, 34], ['done', 48, 48]]);
    const abnormal = await api<ScanAbnormal[]>(`scanned_abnormal/list?examSubjectId=${seeded!.examSubjectId}`);
    const kinds = abnormal.map((a) => a.kind).sort();
    expect(kinds).toEqual(['doubt', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'examNo', 'orphan']);
    const doubt = abnormal.find((a) => a.kind === 'doubt')!;
    expect(doubt.page.examNo).toBe(examNos[DEMO_SCAN_CASES.doubt.student]);
    expect(doubt.doubts.map((d) => d.id)).toEqual([DEMO_SCAN_CASES.doubt.question]);
    expect(abnormal.filter((a) => a.kind === 'duplicate').every((a) => a.page.examNo === examNos[DEMO_SCAN_CASES.scannedTwice])).toBe(true);
  });

  it('stores the objective scores of every clean sheet as filled, upside-down sheets included', async () => {
    const list = await api<ScanStudentPage>(`scanned_student/list?examSubjectId=${seeded!.examSubjectId}&size=100`);
    const byNo = new Map(list.records.map((r) => [r.examNo, r]));
    const sheets = planDemoScan(examNos);
    let checked = 0;
    for (const s of sheets) {
      const r = byNo.get(s.examNo)!;
      if (s.index === DEMO_SCAN_CASES.blankExamNoDigit.student) { expect(r.state).toBe('noScan'); continue; }
      if (s.absent) { expect(r.state).toBe('absent'); continue; }
      if (s.index === DEMO_SCAN_CASES.scannedTwice || s.index === DEMO_SCAN_CASES.doubt.student) {
        expect(r.state).toBe('abnormal');
        expect(r.objectiveScore).toBeNull();
        continue;
      }
      expect(r.state, s.examNo).toBe('uploaded');
      expect(r.objectiveScore, `${s.examNo} objective score`).toBe(expectedScore(s));
      checked++;
    }
    expect(checked).toBe(examNos.length - 8);
    for (const no of examNos.slice(-DEMO_SCAN_CASES.notScannedLast)) expect(byNo.get(no)!.state).toBe('noScan');
    // an upside-down sheet, question by question
    const turned = sheets[DEMO_SCAN_CASES.upsideDown[0]]!;
    const r = await api<ObjectiveRecognizeResult>(`standard_answer/objective_recognize_result?examSubjectId=${seeded!.examSubjectId}&examStudentId=${byNo.get(turned.examNo)!.examStudentId}`);
    expect(Object.fromEntries(r.questions.map((q) => [q.no, q.choice ?? '']))).toEqual(
      Object.fromEntries([...KEY.keys()].map((no) => [no, (turned.answers[no] ?? []).map(String).sort().join('')])));
    expect(r.objectiveScore).toBe(expectedScore(turned));
  });
});
