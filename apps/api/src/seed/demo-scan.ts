/**
 * The scanning demo (first start, after the school and the released demo exams): 2026学年高一数学周测（扫描演示）,
 * one subject (数学) of 高一1班, its card saved; the card's printed pages (rendered once by
 * scripts/demo-scan-blanks.ts through the real print path: card HTML → Chromium PDF → 150 dpi greyscale, committed in
 * demo-scan-blanks/) filled by the seeded synthetic generator (packages/omr/src/synth) and scanned with mild,
 * seeded scanner noise, then stored and recognised exactly as an upload is: scan.service startBatch and the
 * recognition job (runJob in this process, no Chromium). Two batches; what each student did: demo-scan-plan.ts.
 *
 * The blanks fit the card only while the card is the same: if the saved layout differs from the committed one
 * (the card maker or the seed changed) the demo is skipped with a message naming the script to run again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import sharp from 'sharp';
import { templateFromCard } from '@jz/omr';
import { DEFAULT_DISTORTION, planFromFill, synthesizeSheet, type BlankPage, type DistortionRanges, type FillInput } from '@jz/omr/synth/index';
import { encodeJpeg } from '@jz/omr/synth/jpeg';
import type { Db } from '../db/database.js';
import { addExam } from '../modules/exam/exam.service.js';
import { saveQuestions } from '../modules/exam/exam-question.service.js';
import { saveCard } from '../modules/card/card.service.js';
import { runJob } from '../modules/job/job.service.js';
import { startBatch } from '../modules/scan/scan.service.js';
import '../modules/scan/scan.job.js';
import { actingAdmin, DEMO_SCHOOL_CODE } from './demo-exam-build.js';
import { DEMO_SCAN_CASES, DEMO_SCAN_EXAM, DEMO_SCAN_QUESTIONS, planDemoScan, type DemoSheet } from './demo-scan-plan.js';
import type { Storage } from '../core/storage.js';

export const DEMO_SCAN_BLANKS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-scan-blanks');
export const DEMO_SCAN_DPI = 150;

/**
 * A desk scanner in good order: small skew and shift, some grey paper and blur, no photocopies; no pixel noise (the
 * JPEG's own grain is enough, and the noise pass doubles the time a sheet takes to draw on the first start).
 */
const DESK: DistortionRanges = {
  ...DEFAULT_DISTORTION, rotate180: 0, skewDeg: 1.5, scale: [0.99, 1.01], minDpi: 140, maxDpi: 160, marginMm: [1, 4],
  grey: 0.2, greyPaper: [220, 238], photocopy: 0, blur: 0.3, blurPx: [0.5, 1], noise: [0, 0], jpegQuality: [78, 90],
};

function day(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** The demo exam with its questions and saved card (no sheets). Answers its subject and the saved layout; null when 示例中学 is missing. */
export async function createDemoScanExam(db: Db): Promise<{ examId: number; examSubjectId: number; layout: unknown } | null> {
  const school = await db.selectFrom('school').select('id').where('code', '=', DEMO_SCHOOL_CODE).executeTakeFirst();
  if (!school) return null;
  const user = await actingAdmin(db, school.id);
  const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const cls = await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).where('name', '=', DEMO_SCAN_EXAM.className).executeTakeFirstOrThrow();
  const semester = await db.selectFrom('semester').select('id').where('school_id', '=', school.id).where('is_current', '=', true).executeTakeFirst();
  const exam = await addExam(db, user, {
    name: DEMO_SCAN_EXAM.name, examType: DEMO_SCAN_EXAM.examType, gradeId: grade.id, semesterId: semester?.id ?? null,
    startDate: day(-1), endDate: day(-1),
    subjects: [{ courseCode: DEMO_SCAN_EXAM.courseCode, fullScore: DEMO_SCAN_EXAM.fullScore, examDate: day(-1) }],
    classIds: [cls.id], referenceExamId: null,
  }, 'single');
  const examSubjectId = exam.subjects[0]!.id;
  await saveQuestions(db, user, examSubjectId, DEMO_SCAN_QUESTIONS, false);
  const card = await saveCard(db, user, examSubjectId, {});
  return { examId: exam.id, examSubjectId, layout: card.layout };
}

type PageCodeEl = { kind: 'pageCode'; x: number; y: number; w: number; h: number; text: string; bits: number[]; cellMm: number };
type CardJson = { examSubjectId: number | string; pages: { elements: ({ kind: string } | PageCodeEl)[] }[] };

const pageCodeOf = (c: CardJson, page: number) => c.pages[page]!.elements.find((e): e is PageCodeEl => e.kind === 'pageCode')!;

/** The card with the exam subject id left out (it is printed in the page code only; see repaintPageCode). */
function withoutSubjectId(c: CardJson): unknown {
  return { ...c, examSubjectId: null, pages: c.pages.map((p) => ({ ...p, elements: p.elements.map((e) => (e.kind === 'pageCode' ? { ...e, text: null, bits: null } : e)) })) };
}

/**
 * The page code carries the exam subject id, and ids depend on the database's sequences (a restored PGlite may
 * skip ahead): the cells that differ are printed again as the card renders them (card/render.ts: a black cell for
 * 1, a 0.2 mm outline for 0, pitch cell + 0.8 mm, at the foot of the element). The id in the small caption above
 * the cells stays as printed.
 */
function repaintPageCode(blank: BlankPage, printed: PageCodeEl, actual: PageCodeEl): void {
  const { raster, pxPerUnit: k } = blank;
  const fill = (x: number, y: number, w: number, h: number, v: number) => {
    for (let py = Math.round(y * k); py < Math.round((y + h) * k); py++) {
      for (let px = Math.round(x * k); px < Math.round((x + w) * k); px++) raster.data[py * raster.width + px] = v;
    }
  };
  const pitch = actual.cellMm + 0.8;
  actual.bits.forEach((bit, i) => {
    if (bit === printed.bits[i]) return;
    const x = actual.x + i * pitch;
    const y = actual.y + actual.h - actual.cellMm;
    const c = actual.cellMm;
    fill(x - 0.1, y - 0.1, c + 0.2, c + 0.2, 255);
    if (bit) fill(x, y, c, c, 0);
    else for (const [rx, ry, rw, rh] of [[x, y, c, 0.2], [x, y + c - 0.2, c, 0.2], [x, y, 0.2, c], [x + c - 0.2, y, 0.2, c]] as const) fill(rx, ry, rw, rh, 0);
  });
}

async function loadBlank(page: number): Promise<BlankPage> {
  const { data, info } = await sharp(readFileSync(path.join(DEMO_SCAN_BLANKS_DIR, `blank-p${page}.jpg`))).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { raster: { width: info.width, height: info.height, data: Uint8Array.from(data) }, pxPerUnit: DEMO_SCAN_DPI / 25.4, dpi: DEMO_SCAN_DPI };
}

export interface DemoScanResult { examId: number; examSubjectId: number; sheets: number; files: number; ms: number }

/**
 * Seeds the scanning demo once (nothing when the exam exists or 示例中学 is missing). `storage` is the store the api
 * serves the images from. Answers null when skipped, with the reason in `log`.
 */
export async function seedDemoScan(db: Db, storage: Storage, log: (line: string) => void = () => {}): Promise<DemoScanResult | null> {
  const started = Date.now();
  const done = await db.selectFrom('exam').select('id').where('name', '=', DEMO_SCAN_EXAM.name).executeTakeFirst();
  if (done) return null;
  const printed = JSON.parse(readFileSync(path.join(DEMO_SCAN_BLANKS_DIR, 'layout.json'), 'utf8')) as CardJson;
  const made = await createDemoScanExam(db);
  if (!made) return null;
  const card = JSON.parse(JSON.stringify(made.layout)) as CardJson;
  // a card that differs from the printed blanks would give sheets of another card: an exam without sheets rather than wrong ones
  if (!isDeepStrictEqual(withoutSubjectId(card), withoutSubjectId(printed))) {
    log('扫描演示考试没有答题卡图片：答题卡与 demo-scan-blanks 中的空白卡不一致，请运行 node --import tsx scripts/demo-scan-blanks.ts');
    return null;
  }
  const { examId, examSubjectId, layout } = made;
  const school = await db.selectFrom('exam').select('school_id').where('id', '=', examId).executeTakeFirstOrThrow();
  const user = await actingAdmin(db, school.school_id);

  const students = await db.selectFrom('exam_student').select(['id', 'exam_no']).where('exam_id', '=', examId).orderBy('exam_no').execute();
  const sheets = planDemoScan(students.map((s) => s.exam_no));
  const pages = (layout as { pages: unknown[] }).pages.length;
  const blanks = await Promise.all(Array.from({ length: pages }, (_, i) => loadBlank(i + 1)));
  blanks.forEach((b, i) => repaintPageCode(b, pageCodeOf(printed, i), pageCodeOf(card, i)));
  const templates = blanks.map((_, i) => templateFromCard(layout as Parameters<typeof templateFromCard>[0], i));

  /** Every page of one sheet as the scanner writes it; `pass` > 0 for the same sheet fed again. */
  const scanSheet = async (sheet: DemoSheet, pass = 0): Promise<Buffer[]> => {
    const out: Buffer[] = [];
    for (let p = 0; p < pages; p++) {
      const template = templates[p]!;
      const fill: FillInput = p === 0
        ? { admission: sheet.examNo, absent: sheet.absent, answers: {} }
        : { answers: {} };
      for (const q of template.questions) {
        const marks = sheet.answers[q.id];
        if (marks) fill.answers[q.id] = marks.map((m) => (typeof m === 'string' ? m : { value: m.value, kind: m.kind }));
      }
      const plan = planFromFill(template, fill);
      // a 考号 column left blank
      const blank = sheet.filledExamNo.indexOf(' ');
      if (p === 0 && blank >= 0) plan.groups[blank] = { ...plan.groups[blank]!, marks: [], intended: [] };
      const seed = 900_000 + sheet.index * 10 + p + pass * 5;
      const s = synthesizeSheet(blanks[p]!, template, seed, { plan, distortion: { ...DESK, rotate180: sheet.upsideDown ? 1 : 0 } });
      out.push(await encodeJpeg(s.raster, s.truth.distortion.jpegQuality, s.truth.dpi));
    }
    return out;
  };

  const again = sheets.find((s) => s.index === DEMO_SCAN_CASES.scannedTwice)!;
  const batches: { name: string; sheets: [DemoSheet, number][] }[] = [
    { name: '第 1 批（上午）', sheets: sheets.slice(0, 24).map((s) => [s, 0]) },
    { name: '第 2 批（下午）', sheets: [...sheets.slice(24).map((s): [DemoSheet, number] => [s, 0]), [again, 1]] },
  ];
  let files = 0;
  let drawMs = 0;
  for (const b of batches) {
    const t0 = Date.now();
    const images: { name: string; data: Buffer }[] = [];
    for (const [sheet, pass] of b.sheets) {
      (await scanSheet(sheet, pass)).forEach((data) => images.push({ name: `IMG_${String(files + images.length + 1).padStart(4, '0')}.jpg`, data }));
    }
    files += images.length;
    drawMs += Date.now() - t0;
    const { jobIds } = await startBatch(db, null, storage, user, { examSubjectId, name: b.name }, async (store, keyOf) => {
      const stored = [];
      for (const [i, f] of images.entries()) {
        const key = keyOf(i + 1);
        stored.push({ name: f.name, key, kind: 'jpeg' as const, bytes: await store.put(key, f.data), reason: null });
      }
      return stored;
    });
    for (const id of jobIds) await runJob(db, id, { env: { storage } });
  }
  const ms = Date.now() - started;
  log(`扫描演示考试：${sheets.length} 名考生的答题卡，${files} 张图片，${ms} ms（生成图片 ${drawMs} ms）`);
  return { examId, examSubjectId, sheets: sheets.length, files, ms };
}
