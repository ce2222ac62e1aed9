/**
 * Filled-in answer sheets for scanning tests, drawn straight from a saved card layout (packages/report-templates
 * CardLayout, mm): anchors, page-code cells, the 考号 grid, 缺考 and objective bubbles as the renderer places them
 * (card/render.ts), with the chosen bubbles filled, rasterised by sharp (an SVG in mm units) to a greyscale JPEG
 * at the given dpi, optionally turned 180° as an upside-down feed. Text is left out: recognition reads marks only.
 */
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { encodePageCode } from '@jz/report-templates';
import type { ScanBatchDetail, ScanUploadResult } from '@jz/shared/api/scan';
import type { TestApp } from './app.js';

type El = Record<string, any> & { kind: string; x: number; y: number; w: number; h: number };
export interface Layout { examSubjectId: number | string; pages: { index: number; elements: El[] }[] }

export interface SheetFill {
  /** 考号 to fill, one digit per column from the left. */
  examNo?: string;
  absent?: boolean;
  /** Question number → letters to fill ('AC'; judge: '√' or '×'). */
  answers?: Record<string, string>;
  /** Question number → letters filled faintly (a light pencil trace, darkness about 30 %). */
  faint?: Record<string, string>;
  /** 选做题 box by its numbers ('22/23'; a box of a K > 1 group '22/23/24#2') → the question numbers whose bubbles are filled. */
  chosen?: Record<string, string[]>;
}

export interface DrawOptions {
  dpi?: number;
  rotate180?: boolean;
  /** Page code of another exam subject (a sheet of another exam). */
  pageCodeOf?: number;
  /** Leave the page white (a blank page). */
  blank?: boolean;
}

const bubbleSvg = (cx: number, cy: number, w: number, h: number, fill: 'none' | 'dark' | 'faint') =>
  `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="1" ry="1" fill="${fill === 'dark' ? '#111' : fill === 'faint' ? '#b0b0b0' : 'none'}" stroke="#222" stroke-width="0.2"/>`;

/** The SVG of one card page (pageNo 1-based), in mm. */
export function sheetSvg(layout: Layout, pageNo: number, fill: SheetFill, opts: DrawOptions = {}): string {
  const page = layout.pages[pageNo - 1];
  if (!page) throw new Error(`no page ${pageNo}`);
  const parts: string[] = [];
  if (!opts.blank) {
    for (const e of page.elements) {
      if (e.kind === 'anchor') parts.push(`<rect x="${e.x}" y="${e.y}" width="${e.w}" height="${e.h}" fill="#000"/>`);
      if (e.kind === 'pageCode') {
        const bits: number[] = opts.pageCodeOf !== undefined ? encodePageCode(opts.pageCodeOf, pageNo) : e.bits;
        const pitch = e.cellMm + 0.8;
        bits.forEach((b, i) => {
          const x = e.x + i * pitch;
          const y = e.y + e.h - e.cellMm;
          parts.push(b ? `<rect x="${x}" y="${y}" width="${e.cellMm}" height="${e.cellMm}" fill="#000"/>`
            : `<rect x="${x + 0.1}" y="${y + 0.1}" width="${e.cellMm - 0.2}" height="${e.cellMm - 0.2}" fill="none" stroke="#000" stroke-width="0.2"/>`);
        });
      }
      if (e.kind === 'admission') {
        for (let c = 0; c < e.digits; c++) {
          const cx = e.x + e.colX0 + c * e.colPitch;
          parts.push(`<rect x="${cx - (e.colPitch - 0.8) / 2}" y="${e.y + e.writeBoxY}" width="${e.colPitch - 0.8}" height="${e.writeBoxH}" fill="none" stroke="#000" stroke-width="0.2"/>`);
          const digit = fill.examNo?.[c];
          for (let d = 0; d < 10; d++) parts.push(bubbleSvg(cx, e.y + e.rowY0 + d * e.rowPitch, e.bubble.w, e.bubble.h, digit === String(d) ? 'dark' : 'none'));
        }
      }
      if (e.kind === 'absent') parts.push(bubbleSvg(e.x + e.bubbleX, e.y + e.bubbleY, e.bubble.w, e.bubble.h, fill.absent ? 'dark' : 'none'));
      if (e.kind === 'objective') {
        (e.questions as { no: string | number; options: string[] }[]).forEach((q, r) => {
          const cy = e.y + e.rowY0 + r * e.rowPitch;
          const dark = fill.answers?.[String(q.no)] ?? '';
          const faint = fill.faint?.[String(q.no)] ?? '';
          q.options.forEach((o, k) => parts.push(bubbleSvg(e.x + e.optionX0 + k * e.optionPitch, cy, e.bubble.w, e.bubble.h,
            dark.includes(o) ? 'dark' : faint.includes(o) ? 'faint' : 'none')));
        });
      }
      if (e.kind === 'choice') {
        const marked = fill.chosen?.[(e.nos as (string | number)[]).join('/') + (e.slot ? `#${e.slot}` : '')] ?? [];
        (e.nos as (string | number)[]).forEach((no, i) => parts.push(bubbleSvg(e.x + e.markX0 + i * e.markPitch, e.y + e.markY, e.bubble.w, e.bubble.h,
          marked.includes(String(no)) ? 'dark' : 'none')));
      }
      if (e.kind === 'subjective' || e.kind === 'fillIn' || e.kind === 'essay' || e.kind === 'choice') {
        parts.push(`<rect x="${e.x}" y="${e.y}" width="${e.w}" height="${e.h}" fill="none" stroke="#000" stroke-width="0.3"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect width="210" height="297" fill="#fff"/>${parts.join('')}</svg>`;
}

/** One card page as a greyscale JPEG (default 150 dpi). */
export async function sheetJpeg(layout: Layout, pageNo: number, fill: SheetFill, opts: DrawOptions = {}): Promise<Buffer> {
  const dpi = opts.dpi ?? 150;
  const width = Math.round((210 / 25.4) * dpi);
  const height = Math.round((297 / 25.4) * dpi);
  let img = sharp(Buffer.from(sheetSvg(layout, pageNo, fill, opts)), { density: dpi }).resize(width, height, { fit: 'fill' }).flatten({ background: '#fff' }).greyscale();
  if (opts.rotate180) img = img.rotate(180);
  return img.jpeg({ quality: 90 }).toBuffer();
}

/**
 * The filled sheets printed and scanned into one A4 PDF, as a scanner's PDF would come: every page of each sheet
 * (fills[i], in order) as a JPEG page at the given dpi (default 150).
 */
export async function sheetsPdf(layout: Layout, fills: SheetFill[], opts: DrawOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const f of fills) {
    for (let p = 1; p <= layout.pages.length; p++) {
      const jpg = await doc.embedJpg(await sheetJpeg(layout, p, f, opts));
      doc.addPage([595.28, 841.89]).drawImage(jpg, { x: 0, y: 0, width: 595.28, height: 841.89 });
    }
  }
  return Buffer.from(await doc.save());
}

/** A multipart body of named files (for app.inject). */
export function multipart(files: { name: string; data: Buffer; type?: string }[], boundary = `jzscan${Date.now()}`): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads files as one scan batch through the route (query: e.g. scanned_batch/upload?examSubjectId=…). */
export async function uploadScans(t: TestApp, token: string, query: string, files: { name: string; data: Buffer }[]) {
  const body = multipart(files);
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/${query}`, payload: body.payload, headers: { ...body.headers, authorization: token } });
  return res.json() as { code: number; msg: string; data: ScanUploadResult };
}

/** Waits (at most 120 s) until the batch is recognised and answers its detail. */
export async function waitScanBatch(t: TestApp, token: string, batchId: number): Promise<ScanBatchDetail> {
  const started = Date.now();
  for (;;) {
    const r = await t.call<ScanBatchDetail>({ method: 'GET', url: `/api/v1/scanned_batch/detail?batchId=${batchId}`, token });
    if (r.body.code !== 200) throw new Error(r.body.msg);
    if (r.body.data.batch.status === 'done') return r.body.data;
    if (Date.now() - started > 120_000) throw new Error('batch not recognised in time');
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** A grade of 示例中学 that teaches 数学 (SX) and its first class with students: where an e2e walk makes its own exam. */
export async function mathGradeClass(db: TestApp['database']['db']): Promise<{ gradeId: number; classId: number }> {
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const course = await db.selectFrom('school_grade_course').select('grade_id').where('school_id', '=', school.id).where('course_code', '=', 'SX').orderBy('grade_id').executeTakeFirstOrThrow();
  const klass = await db.selectFrom('school_class as c').innerJoin('student as s', 's.class_id', 'c.id').select('c.id')
    .where('c.grade_id', '=', course.grade_id).groupBy('c.id').orderBy('c.id').executeTakeFirstOrThrow();
  return { gradeId: course.grade_id, classId: klass.id };
}

/** A new exam of 示例中学 for the first class with students, one subject SX of the given full score. */
export async function newScanExam(t: TestApp, token: string, name: string, fullScore: number): Promise<{ examId: number; subjectId: number }> {
  const db = t.database.db;
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const cls = await db.selectFrom('school_class as c').innerJoin('student as s', 's.class_id', 'c.id')
    .select(['c.id', 'c.grade_id']).where('c.school_id', '=', school.id).groupBy(['c.id', 'c.grade_id']).orderBy('c.id').executeTakeFirstOrThrow();
  const created = await t.call<{ id: number; subjects: { id: number }[] }>({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token, payload: {
    name, examType: 4, gradeId: cls.grade_id, startDate: '2026-11-20', endDate: '2026-11-21',
    subjects: [{ courseCode: 'SX', fullScore, examDate: '2026-11-20' }], classIds: [cls.id] } });
  if (created.body.code !== 200) throw new Error(created.body.msg);
  return { examId: created.body.data.id, subjectId: created.body.data.subjects[0]!.id };
}

/** A student's total and question scores of one subject as question_score/find answers them (question no → score). */
export async function subjectScores(t: TestApp, token: string, examId: number, subjectId: number, examStudentId: number): Promise<{ total: number; q: Record<string, number | null> }> {
  const r = await t.call<{ subjects: { examSubjectId: number; score: number; questions: { no: string; score: number | null }[] }[] }>({
    method: 'GET', url: `/api/v1/question_score/find?examId=${examId}&examStudentId=${examStudentId}`, token });
  if (r.body.code !== 200) throw new Error(r.body.msg);
  const s = r.body.data.subjects.find((x) => x.examSubjectId === subjectId)!;
  return { total: s.score, q: Object.fromEntries(s.questions.map((q) => [q.no, q.score])) };
}

/**
 * Every page of each student's sheet drawn from the card (fills[i] for students[i], with that student's 考号; files
 * s<i>-<page>.jpg), uploaded as one batch of the subject and recognised.
 */
export async function scanFilledSheets(t: TestApp, token: string, subjectId: number, layout: Layout, fills: SheetFill[], students: { examNo: string }[]): Promise<void> {
  const files: { name: string; data: Buffer }[] = [];
  for (const [i, f] of fills.entries()) {
    for (let p = 1; p <= layout.pages.length; p++) files.push({ name: `s${i}-${p}.jpg`, data: await sheetJpeg(layout, p, { ...f, examNo: students[i]!.examNo }) });
  }
  const up = await uploadScans(t, token, `scanned_batch/upload?examSubjectId=${subjectId}`, files);
  if (up.code !== 200) throw new Error(up.msg);
  await waitScanBatch(t, token, up.data.batch.id);
}

/** The questions of the scanning tests' two-page card: 1 single A, 2 multiple AC, 3 judge √ (5 分 each), written 4–8 (15 分). */
export const TWO_PAGE_QUESTIONS = [
  { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' },
  { no: '2', type: 'multiple', fullScore: 5, step: 0.5, answer: 'AC' },
  { no: '3', type: 'judge', fullScore: 5, step: 1, answer: 'T' },
  ...['4', '5', '6', '7', '8'].map((no) => ({ no, type: 'subjective', fullScore: 15, step: 1 })),
];

/** newScanExam with its questions saved and the default card saved: the exam, its subject, the card's layout and its students by 考号. */
export async function scanExamWithCard(t: TestApp, token: string, name: string, fullScore: number, questions: object[]) {
  const { examId, subjectId } = await newScanExam(t, token, name, fullScore);
  const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token, payload: { examSubjectId: subjectId, questions } });
  if (saved.body.code !== 200) throw new Error(saved.body.msg);
  const card = await t.call<{ layout: Layout }>({ method: 'POST', url: '/api/v1/card/save', token, payload: { examSubjectId: subjectId, settings: {} } });
  if (card.body.code !== 200) throw new Error(card.body.msg);
  const students = await t.database.db.selectFrom('exam_student').select(['id', 'exam_no as examNo']).where('exam_id', '=', examId).orderBy('exam_no').execute();
  return { examId, subjectId, layout: card.body.data.layout, students };
}
