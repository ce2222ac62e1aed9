// Job processors: pure over their input (the api loads exam data and passes it in), writing one file.
// card → A4 PDF, slips → A4 PDF (one page per student, printed in chunks and merged in Node with pdf-lib),
// report → 908×1285 px PDF, excel → .xlsx (exceljs streaming writer), labels → A4 label sheets (条形码贴),
// wrongbook → A4 错题本 of a class (stems with MathML formulas and pictures).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  buildCardLayout, CardLayoutError, code128Values, Code128Error, parseCardLayout, renderCardHtml, renderLabelsHtml, renderReportHtml, renderSlipsHtml, renderWrongBookHtml, sortSlipStudents, stripPages,
  STRIPS_PER_PAGE, type BuildCardInput, type LabelSheetData, type ReportData, type ScoreSlipData, type WrongBookPrintData,
} from '@jz/report-templates';
import { BadInputError, RESULT_EXT, type JobType } from './jobs.js';
import { PdfMerger } from './pdf-merge.js';
import type { Printer } from './printer.js';

export interface ProcessContext {
  printer: Printer;
  /** A local scratch folder of the process: the result is written to <workDir>/<jobId>.<ext> (the caller stores it). */
  workDir: string;
  jobId: string;
  progress: (p: number) => void | Promise<void>;
  /** Students per printed chunk of a slips job (default 50 with one tab, 30 with two: either stays under 1 GB per worker). */
  slipChunk?: number;
  /** Chunks printed at the same time, each in its own tab (default 2, RENDER_PARALLEL in the worker). */
  parallel?: number;
}

export function resultPathOf(workDir: string, jobId: string, type: JobType): string {
  return path.join(workDir, `${jobId}.${RESULT_EXT[type]}`);
}

// ---- input schemas (shallow where the templates tolerate more, strict where a mistake would print wrong) ----

const num = z.number().finite();
const SlipSubject = z.object({
  subject: z.string().min(1), score: num.nullable(), fullScore: num.nonnegative(),
  classRank: num.nullable().optional(), gradeRank: num.nullable().optional(), jointRank: num.nullable().optional(),
  classMean: num.nullable().optional(), gradeMean: num.nullable().optional(),
  questions: z.array(z.object({ no: z.string().min(1), score: num.nullable(), fullScore: num.nonnegative() })).optional(),
});
const SlipsSchema = z.object({
  schoolName: z.string().min(1),
  examName: z.string().min(1),
  examDate: z.string().optional(),
  options: z.object({
    showClassRank: z.boolean().optional(), showGradeRank: z.boolean().optional(), joint: z.boolean().optional(),
    showMeans: z.boolean().optional(), showQuestionScores: z.boolean().optional(),
  }).optional(),
  layout: z.enum(['page', 'strips']).optional(),
  students: z.array(z.object({
    name: z.string().min(1), className: z.string().min(1), classOrder: num.optional(), seatNo: num,
    admissionNo: z.string().min(1), total: SlipSubject.omit({ subject: true, questions: true }).optional(),
    subjects: z.array(SlipSubject), comment: z.string().optional(),
  })).min(1, '没有学生'),
});

const ReportSchema = z.object({
  title: z.string().min(1), subtitle: z.string().optional(), schoolName: z.string().min(1), examName: z.string().min(1),
  date: z.string(),
  modules: z.array(z.object({
    title: z.string().min(1), description: z.string().optional(),
    charts: z.array(z.object({ title: z.string().optional(), option: z.record(z.string(), z.unknown()), width: num.positive().optional(), height: num.positive().optional() })).optional(),
    tables: z.array(z.object({
      title: z.string().optional(),
      columns: z.array(z.union([z.string(), z.object({ title: z.string(), width: num.positive().optional(), align: z.enum(['left', 'center', 'right']).optional() })])).min(1),
      rows: z.array(z.array(z.union([z.string(), num, z.null()]))),
      compact: z.boolean().optional(),
    })).optional(),
  })).min(1, '没有报告模块'),
});

const ExcelSchema = z.object({
  sheets: z.array(z.object({
    name: z.string().min(1).max(31),
    columns: z.array(z.object({ header: z.string(), width: num.positive().optional() })).min(1),
    rows: z.array(z.array(z.union([z.string(), num, z.boolean(), z.null()]))),
  })).min(1, '没有工作表'),
});

const LabelsSchema = z.object({
  examName: z.string().min(1),
  groups: z.array(z.object({
    title: z.string().min(1),
    labels: z.array(z.object({
      name: z.string().min(1), className: z.string(), examNo: z.string().min(1).max(40),
      room: z.string().nullable().optional(), seat: num.nullable().optional(),
    })),
  })).min(1, '没有考生'),
});

const WrongBookSchema = z.object({
  schoolName: z.string(), examName: z.string().min(1), courseName: z.string().min(1), className: z.string().min(1),
  threshold: num.min(0).max(1), version: z.enum(['class', 'students']),
  questions: z.array(z.object({
    no: z.string().min(1), typeName: z.string(), fullScore: num.nonnegative(), answer: z.string().nullable(), knowledgePoints: z.array(z.string()),
    classRate: num.nullable(), gradeRate: num.nullable(), wrongCount: num.nonnegative(), stem: z.string().nullable(), analysis: z.string().nullable(),
  })),
  students: z.array(z.object({ examNo: z.string(), name: z.string(), items: z.array(z.object({ no: z.string(), score: num, fullScore: num })) })),
});

const CardParams = z.union([z.object({ layout: z.unknown() }), z.object({ build: z.record(z.string(), z.unknown()) })]);

function parse<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const r = schema.safeParse(input, { error: z.locales.zhCN().localeError });
  if (r.success) return r.data;
  const reasons = r.error.issues.slice(0, 3).map((i) => (i.path.length ? `${i.path.join('.')}：` : '') + i.message);
  throw new BadInputError(`${what}无效：${reasons.join('；')}`);
}

async function writeResult(file: string, data: Buffer | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

async function runCard(params: unknown, ctx: ProcessContext, out: string): Promise<void> {
  const p = parse(CardParams, params, '答题卡参数');
  let html: string;
  let paper: string;
  try {
    const layout = 'layout' in p ? parseCardLayout(p.layout) : buildCardLayout(p.build as unknown as BuildCardInput);
    await ctx.progress(20);
    html = renderCardHtml(layout);
    paper = layout.paper;
  } catch (e) {
    if (e instanceof CardLayoutError) throw new BadInputError(e.message);
    throw e;
  }
  await ctx.progress(40);
  // A3 cards are landscape; the document's @page says so too (the printer prefers the CSS page size)
  await writeResult(out, await ctx.printer.printPdf(html, paper === 'A3' ? { width: '420mm', height: '297mm' } : { format: 'A4' }));
}

async function runSlips(params: unknown, ctx: ProcessContext, out: string): Promise<void> {
  const data = parse(SlipsSchema, params, '成绩单数据') as ScoreSlipData;
  const students = sortSlipStudents(data.students);
  const parallel = Math.max(1, ctx.parallel ?? 2);
  const size = Math.max(1, ctx.slipChunk ?? (parallel > 1 ? 30 : 50));
  await ctx.progress(5);
  if (students.length <= size) {
    const pdf = await ctx.printer.printPdf(renderSlipsHtml({ ...data, students }), { format: 'A4' });
    await ctx.progress(95);
    await writeResult(out, pdf);
    return;
  }
  const chunks: (typeof students)[] = [];
  if (data.layout === 'strips') {
    // whole pages per chunk (a chunk of full pages paginates the same again), about `size` students each
    const pages = stripPages(students);
    const per = Math.max(1, Math.round(size / STRIPS_PER_PAGE));
    for (let i = 0; i < pages.length; i += per) chunks.push(pages.slice(i, i + per).flat());
  } else for (let i = 0; i < students.length; i += size) chunks.push(students.slice(i, i + size));
  // Chunks finish out of order (two tabs); each is appended as soon as all before it are in, so at most a
  // few printed chunks wait in memory; the merge streams into the result file.
  await mkdir(path.dirname(out), { recursive: true });
  const merger = await PdfMerger.create(out);
  const ready = new Map<number, Buffer>();
  let appended = 0;
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < chunks.length) {
      const i = next++;
      // the sort above is kept: renderSlipsHtml sorts again, stably, within the chunk
      ready.set(i, await ctx.printer.printPdf(renderSlipsHtml({ ...data, students: chunks[i] }), { format: 'A4' }));
      for (let pdf = ready.get(appended); pdf; pdf = ready.get(appended)) {
        ready.delete(appended++);
        await merger.append(pdf);
      }
      done++;
      await ctx.progress(5 + (done / chunks.length) * 88);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(parallel, chunks.length) }, lane));
  } catch (e) {
    await merger.abort();
    throw e;
  }
  await merger.finish();
}

async function runReport(params: unknown, ctx: ProcessContext, out: string): Promise<void> {
  const data = parse(ReportSchema, params, '分析报告数据') as ReportData;
  await ctx.progress(10);
  const html = renderReportHtml(data);
  await ctx.progress(40);
  await writeResult(out, await ctx.printer.printPdf(html, { width: '908px', height: '1285px' }));
}

async function runExcel(params: unknown, ctx: ProcessContext, out: string): Promise<void> {
  const data = parse(ExcelSchema, params, '导出数据');
  await mkdir(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tmp, useStyles: true, useSharedStrings: false });
  const total = data.sheets.reduce((a, s) => a + s.rows.length, 0) || 1;
  let written = 0;
  for (const s of data.sheets) {
    const ws = wb.addWorksheet(s.name);
    ws.columns = s.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? Math.max(10, c.header.length * 2 + 2) }));
    ws.getRow(1).font = { bold: true };
    for (const r of s.rows) {
      ws.addRow(r).commit();
      if (++written % 5000 === 0) await ctx.progress(5 + (written / total) * 90);
    }
    ws.commit();
  }
  await wb.commit();
  await rename(tmp, out);
}

async function runLabels(params: unknown, ctx: ProcessContext, out: string): Promise<void> {
  const data = parse(LabelsSchema, params, '条形码贴数据') as LabelSheetData;
  if (!data.groups.some((g) => g.labels.length)) throw new BadInputError('没有考生');
  for (const g of data.groups) for (const l of g.labels) {
    try {
      code128Values(l.examNo);
    } catch (e) {
      if (e instanceof Code128Error) throw new BadInputError(`考生 ${l.name} 的考号「${l.examNo}」不能印成条形码：${e.message}`);
      throw e;
    }
  }
  await ctx.progress(20);
  const html = renderLabelsHtml(data);
  await ctx.progress(40);
  await writeResult(out, await ctx.printer.printPdf(html, { format: 'A4' }));
}

async function runWrongBook(params: unknown, ctx: ProcessContext, out: string): Promise<void> {
  const data = parse(WrongBookSchema, params, '错题本数据') as WrongBookPrintData;
  if (!data.questions.length) throw new BadInputError('没有低于阈值的题目');
  if (data.version === 'students' && !data.students.length) throw new BadInputError('没有学生答错这些题目');
  await ctx.progress(20);
  const html = renderWrongBookHtml(data);
  await ctx.progress(40);
  await writeResult(out, await ctx.printer.printPdf(html, { format: 'A4' }));
}

const RUNNERS: Record<JobType, (params: unknown, ctx: ProcessContext, out: string) => Promise<void>> = {
  card: runCard, slips: runSlips, report: runReport, excel: runExcel, labels: runLabels, wrongbook: runWrongBook,
};

/** Runs one job; bad input throws BadInputError (Chinese message), anything else is transient. */
export async function processJob(type: JobType, params: unknown, ctx: ProcessContext): Promise<{ resultPath: string }> {
  const run = RUNNERS[type];
  if (!run) throw new BadInputError(`未知的任务类型：${String(type)}`);
  const out = resultPathOf(ctx.workDir, ctx.jobId, type);
  await run(params, ctx, out);
  await ctx.progress(100);
  return { resultPath: out };
}

/** Reads a finished file (for tests and the api's download route). */
export const readResult = (file: string) => readFile(file);
