/**
 * Scanning (contract: packages/shared/src/api/scan.ts; rules: docs/DOMAIN-RULES.md, Scanning). Uploads store
 * files and queue recognition jobs (scan.job.ts); every fix, delete and restore changes the pages and then syncs
 * the subject (scan.sync.ts) in the same transaction under the exam's score lock, so states, counters and
 * objective scores are always those of the pages as they are.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  SCAN_ABNORMAL_FIXES, SCAN_ABNORMAL_NAMES, SCAN_LIMITS, SCAN_STATE_NAMES,
  type ObjectiveRecognizeResult, type ScanAbnormal, type ScanAbnormalKind, type ScanBatch, type ScanBatchDetail, type ScanDoubt,
  type ScanOperator, type ScanOverview, type ScanPage, type ScanRecycled, type ScanScoreResult, type ScanStudent, type ScanStudentPage,
  type ScanStudentSheet, type ScanUploadResult,
} from '@jz/shared/api/scan';
import { parseChoiceKey } from '@jz/shared/elective';
import type { Db, Tx } from '../../db/database.js';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { visibleClassIds } from '../../core/scope.js';
import { StorageNotFound, type Storage } from '../../core/storage.js';
import { withScoreWrites } from '../score/score-write.service.js';
import { createJob, type JobQueue } from '../job/job.service.js';
import { failStale } from '../job/job.repository.js';
import * as cardRepo from '../card/card.repository.js';
import { printableCard } from '../card/card.service.js';
import { scanBatchFor, scanPageFor, scanSubjectFor, type SchoolUser, type ScanSubject } from './scan.access.js';
import { decodeOnePage, PageInputError } from './scan.pages.js';
import { electiveClashList, recognizePage, type StoredReading } from './scan.recognize.js';
import * as repo from './scan.repository.js';
import { FILES_PER_JOB, finishBatch, keys, markBad, savePageOutcome, SCAN_JOB_KIND, type ScanJobParams } from './scan.job.js';
import { pageCountOf, syncSubject, type Confirmed, type SyncResult } from './scan.sync.js';
import { pointsOf } from './scan.scores.js';
import { readScanUpload, type UploadedFile } from './scan.upload.js';
import { thirdPartyLayout } from './scan-template.service.js';

const RELEASED = '成绩已发布，不能再修改答题卡扫描结果';
const secs = (d: Date | string | null) => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);

/** Every change: in one transaction under the exam's score lock, then the subject synced. */
async function change<T>(db: Db, s: ScanSubject, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withScoreWrites(db, s.exam.id, async (tx) => {
    const r = await fn(tx);
    await syncSubject(tx, s.subject.id);
    return r;
  }, { unreleased: RELEASED });
}

// ---------------------------------------------------------------- mapping

function toBatch(b: repo.BatchRow): ScanBatch {
  return {
    id: b.id, examSubjectId: b.examSubjectId, no: b.no, name: b.name, duplex: b.duplex, rescanOfExamStudentId: b.rescanOf, status: b.status,
    fileCount: b.fileCount, pageCount: b.pageCount, recognizedCount: b.recognizedCount,
    progress: b.status === 'done' ? 100 : b.pageCount ? Math.floor((b.recognizedCount / b.pageCount) * 100) : 0,
    sheetCount: b.sheetCount, okCount: b.okCount, abnormalCount: b.abnormalCount, deletedCount: b.deletedCount, createdBy: b.createdBy, createdAt: secs(b.createdAt),
  };
}

function toPage(p: repo.ListedPage): ScanPage {
  const rec = p.rec as StoredReading | null;
  const kind = (p.status === 'deleted' ? null : p.abnormal_kind ?? (p.status === 'abnormal' ? p.intrinsic_kind : null)) as ScanAbnormalKind | null;
  return {
    id: p.id, batchId: p.batch_id, examSubjectId: p.exam_subject_id, status: p.status, fileName: p.file_name, fileIndex: p.file_index, seq: p.file_seq,
    pageNo: p.page_no, examStudentId: p.exam_student_id, sheetId: p.status === 'deleted' ? null : p.sheet_id ?? p.id, studentName: p.studentName ?? null, examNo: p.ownerExamNo ?? p.read_exam_no,
    absent: (p.confirmed as Confirmed | null)?.absent ?? p.absent, claimed: p.claim_exam_student_id !== null,
    abnormalKind: kind, abnormalName: kind ? SCAN_ABNORMAL_NAMES[kind] : null,
    reason: p.status === 'deleted' ? p.intrinsic_reason && p.intrinsic_kind === null ? p.intrinsic_reason : null : p.reason ?? p.intrinsic_reason,
    imageUrl: p.image_key ? `scanned/image?pageId=${p.id}` : null, width: p.width, height: p.height,
    blocks: (rec?.blocks ?? []).map((b, i) => ({ id: b.id, rect: b.rect, imageUrl: `scanned/image?pageId=${p.id}&blockId=${i}` })),
    createdAt: secs(p.created_at),
  };
}

function toStudent(r: repo.StudentListRow, objectiveScore: number | null): ScanStudent {
  const state = r.state ?? 'noScan';
  return {
    examStudentId: r.examStudentId, name: r.name, examNo: r.examNo, className: r.className, room: r.room, state, stateName: SCAN_STATE_NAMES[state],
    duplicate: !!r.duplicate, claimed: !!r.claimed, pageCount: r.pages?.length ?? 0, pagesPresent: r.pages ?? [],
    abnormalKind: r.abnormalKind as ScanAbnormalKind | null, objectiveScore,
  };
}


// ---------------------------------------------------------------- queries

export async function overview(db: Db, user: SchoolUser, examSubjectId: number): Promise<ScanOverview> {
  const s = await scanSubjectFor(db, user, examSubjectId);
  const third = await thirdPartyLayout(db, user.schoolId, examSubjectId);
  // a joint exam's card is the organiser's, one for every school
  const saved = await cardRepo.findCard(db, s.exam.schoolId, examSubjectId);
  const layout = third ?? saved?.layout ?? await repo.latestLayout(db, examSubjectId);
  return {
    examSubjectId, examId: s.exam.id, courseName: s.subject.course_name, cardPageCount: layout ? pageCountOf(layout) : null, cardSaved: !!saved || !!third,
    counters: await repo.counters(db, s.exam.id, examSubjectId, s.schoolId),
    batches: (await repo.batchesOf(db, user.schoolId, examSubjectId)).map(toBatch),
  };
}

export async function batchDetail(db: Db, user: SchoolUser, batchId: number): Promise<ScanBatchDetail> {
  const { batch } = await scanBatchFor(db, user, batchId);
  const [row] = await repo.batchesOf(db, user.schoolId, batch.exam_subject_id, batch.id);
  return { batch: toBatch(row!), pages: (await repo.pagesOfBatch(db, user.schoolId, batchId)).map(toPage) };
}

export async function studentList(db: Db, user: SchoolUser, q: { examSubjectId: number; state?: string; duplicate?: boolean; claimed?: boolean; keyword?: string; classId?: number; current: number; size: number }): Promise<ScanStudentPage> {
  const s = await scanSubjectFor(db, user, q.examSubjectId);
  // an operator sees the whole exam subject's students (the sheets come in by room, not by class)
  const classIds = (await repo.isOperator(db, q.examSubjectId, user.id)) ? 'all' : await visibleClassIds(db, user);
  const { rows, total } = await repo.studentPage(db, s.exam.id, q.examSubjectId, { ...q, classIds, schoolId: s.schoolId });
  const scores = await repo.objectiveScores(db, q.examSubjectId, rows.filter((r) => r.state).map((r) => r.examStudentId));
  return {
    records: rows.map((r) => toStudent(r, scores.get(r.examStudentId) ?? null)), total, current: q.current, size: q.size,
    counters: await repo.counters(db, s.exam.id, q.examSubjectId, s.schoolId),
  };
}

export async function studentSheet(db: Db, user: SchoolUser, examSubjectId: number, examStudentId: number): Promise<ScanStudentSheet> {
  const s = await scanSubjectFor(db, user, examSubjectId);
  const row = await repo.studentRow(db, s.exam.id, examSubjectId, examStudentId);
  if (!row || !(await repo.examStudentIn(db, s.exam.id, examStudentId, s.schoolId))) throw notFound('考生');
  const scores = await repo.objectiveScores(db, examSubjectId, [examStudentId]);
  return { student: toStudent(row, scores.get(examStudentId) ?? null), pages: (await repo.pagesOfStudent(db, user.schoolId, examSubjectId, examStudentId)).map(toPage) };
}

/** The stored page image or one cut block (JPEG). */
export async function image(ctx: AppContext, user: SchoolUser, pageId: number, blockId?: string): Promise<Readable> {
  const { page } = await scanPageFor(ctx.db, user, pageId);
  let key = page.image_key;
  if (blockId !== undefined) {
    const blocks = (page.rec as StoredReading | null)?.blocks ?? [];
    key = /^\d+$/.test(blockId) ? blocks[Number(blockId)]?.key ?? null : null;
  }
  if (!key) throw notFound('图片');
  try {
    return await ctx.storage.getStream(key);
  } catch (e) {
    if (e instanceof StorageNotFound) throw notFound('图片');
    throw e;
  }
}

function toAbnormal(p: repo.ListedPage, all: repo.ListedPage[], pageCount: number, studentPages: Map<number, number[]>): ScanAbnormal {
  const page = toPage(p);
  const kind = page.abnormalKind!;
  const rec = p.rec as StoredReading | null;
  const duplicates = kind === 'duplicate' ? all.filter((o) => o.id !== p.id && o.exam_student_id === p.exam_student_id && o.page_no === p.page_no).map(toPage) : [];
  const present = p.exam_student_id ? studentPages.get(p.exam_student_id) ?? [] : [];
  return {
    page, kind, kindName: SCAN_ABNORMAL_NAMES[kind], reason: page.reason ?? SCAN_ABNORMAL_NAMES[kind], fixes: SCAN_ABNORMAL_FIXES[kind],
    doubts: kind === 'doubt' ? rec?.doubts ?? [] : [] as ScanDoubt[],
    duplicates,
    missingPages: kind === 'missingPage' ? Array.from({ length: pageCount }, (_, i) => i + 1).filter((n) => !present.includes(n)) : [],
    answers: (rec?.questions ?? []).map((q) => ({ no: q.no, marked: q.marked, doubt: q.doubt })),
    examNoRect: kind === 'examNo' || kind === 'notInExam' ? rec?.examNoRect ?? null : null,
  };
}

export async function abnormalList(db: Db, user: SchoolUser, examSubjectId: number, kind?: ScanAbnormalKind): Promise<ScanAbnormal[]> {
  await scanSubjectFor(db, user, examSubjectId);
  const rows = await repo.abnormalPages(db, user.schoolId, examSubjectId);
  const live = await repo.pageSelect(db).where('p.school_id', '=', user.schoolId).where('p.exam_subject_id', '=', examSubjectId).where('p.status', '!=', 'deleted').execute();
  const studentPages = new Map<number, number[]>();
  for (const p of live) if (p.exam_student_id && p.page_no) studentPages.set(p.exam_student_id, [...(studentPages.get(p.exam_student_id) ?? []), p.page_no]);
  const pageCount = pageCountOf(await repo.latestLayout(db, examSubjectId));
  return rows.filter((r) => !kind || r.abnormal_kind === kind).map((r) => toAbnormal(r, live, pageCount, studentPages));
}

export async function historyList(db: Db, user: SchoolUser, examSubjectId: number): Promise<ScanRecycled[]> {
  await scanSubjectFor(db, user, examSubjectId);
  return (await repo.deletedPages(db, user.schoolId, examSubjectId)).map((p) => ({ page: toPage(p), deletedBy: p.deletedByName || '系统', deletedAt: secs(p.deleted_at) }));
}

// ---------------------------------------------------------------- upload

export interface UploadQuery { examSubjectId: number; duplex?: boolean; name?: string; examStudentId?: number }

/**
 * The card a new batch is recognised with: a confirmed third-party template (templateConfirm) first, then the
 * saved card, else the default card that printing uses.
 */
async function cardLayout(db: Db, user: SchoolUser, examSubjectId: number, ownerId: number): Promise<unknown> {
  const third = await thirdPartyLayout(db, user.schoolId, examSubjectId);
  if (third) return third;
  const saved = await cardRepo.findCard(db, ownerId, examSubjectId);
  if (saved) return saved.layout;
  try {
    return (await printableCard(db, user, examSubjectId)).layout;
  } catch (e) {
    if (e instanceof BizError && e.code === 403) throw new BizError('该科目尚未保存答题卡，请先制作并保存答题卡');
    throw e;
  }
}

export async function upload(ctx: AppContext, req: FastifyRequest, user: SchoolUser, q: UploadQuery): Promise<ScanUploadResult> {
  const disk = await repo.schoolDisk(ctx.db, user.schoolId);
  const quota = disk.quota ?? SCAN_LIMITS.schoolDiskBytes;
  const { result } = await startBatch(ctx.db, ctx.jobs, ctx.storage, user, q, (storage, keyOf) => readScanUpload(req, storage, keyOf, SCAN_LIMITS, { room: quota - disk.used, quota }));
  return result;
}

/** Files put into storage by the caller (keyOf(n) for the n-th file): the request's parts, or the demo seed's sheets. */
export type StoreFiles = (storage: Storage, keyOf: (n: number) => string) => Promise<UploadedFile[]>;

/**
 * A new batch: its files stored, its pages listed and its recognition jobs queued (queue null: the caller runs the
 * answered jobs with runJob, as the demo seed does). Shared by the upload routes and the demo seed.
 */
export async function startBatch(db: Db, queue: JobQueue | null, storage: Storage, user: SchoolUser, q: UploadQuery, store: StoreFiles): Promise<{ result: ScanUploadResult; jobIds: string[] }> {
  const s = await scanSubjectFor(db, user, q.examSubjectId);
  if (s.exam.releasedAt) throw new BizError('成绩已发布，不能再上传答题卡');
  if (q.examStudentId && !(await repo.examStudentIn(db, s.exam.id, q.examStudentId, s.schoolId))) throw notFound('考生');
  if (q.examStudentId && await repo.notTaking(db, q.examSubjectId, q.examStudentId)) throw new BizError(repo.NOT_TAKING);
  const layout = await cardLayout(db, user, q.examSubjectId, s.exam.schoolId);
  let batchId = 0;
  for (let attempt = 0; !batchId; attempt++) {
    const no = await repo.nextBatchNo(db, q.examSubjectId);
    try {
      batchId = await repo.insertBatch(db, {
        schoolId: user.schoolId, examId: s.exam.id, examSubjectId: q.examSubjectId, no,
        name: q.name || (q.examStudentId ? `重新扫描 ${no}` : `第 ${no} 批`), duplex: !!q.duplex, rescanOf: q.examStudentId ?? null, layout, userId: user.id,
      });
    } catch (e) {
      if ((e as { code?: string }).code !== '23505' || attempt > 3) throw e;
    }
  }
  const batch = (await repo.findBatch(db, batchId))!;
  let files;
  try {
    files = await store(storage, (n) => keys.source(batch, n));
  } catch (e) {
    // nothing of a refused or broken upload stays
    await repo.deleteBatch(db, batchId);
    for (const k of await storage.list(`${keys.prefix(batch)}/`)) await storage.delete(k);
    throw e;
  }
  await db.transaction().execute(async (tx) => {
    for (const [i, f] of files.entries()) {
      const id = await repo.insertPage(tx, {
        school_id: user.schoolId, batch_id: batchId, exam_subject_id: q.examSubjectId, file_seq: i + 1, file_name: f.name, source_key: f.key,
        source_bytes: f.key ? f.bytes : null,
      });
      if (!f.key) await markBad(tx, id, f.reason ?? '文件无法读取');
    }
    await repo.setBatch(tx, batchId, { status: 'recognizing', fileCount: files.length });
  });
  const params = (from: number, to: number): ScanJobParams => ({ batchId, fromSeq: from, toSeq: to });
  const good = files.some((f) => f.key);
  const jobIds: string[] = [];
  if (good) {
    for (let from = 1; from <= files.length; from += FILES_PER_JOB) {
      jobIds.push(await createJob(db, queue, { kind: SCAN_JOB_KIND, schoolId: user.schoolId, examId: s.exam.id, createdBy: user.id, params: params(from, from + FILES_PER_JOB - 1) }));
    }
  } else {
    await finishBatch(db, batchId);
  }
  const [row] = await repo.batchesOf(db, user.schoolId, q.examSubjectId, batchId);
  return { result: { batch: toBatch(row!), rejectedFiles: files.filter((f) => !f.key).map((f) => ({ name: f.name, reason: f.reason ?? '文件无法读取' })) }, jobIds };
}

/**
 * scanned_batch/retry: recognition of the pages still waiting, when no job of the batch is alive (its worker died;
 * a dead job is failed by the job layer's heartbeat sweep). Refused while a job of the batch is queued or running.
 */
export async function retryBatch(ctx: AppContext, user: SchoolUser, batchId: number): Promise<ScanBatch> {
  const { db } = ctx;
  const { batch, exam } = await scanBatchFor(db, user, batchId);
  if (exam.releasedAt) throw new BizError(RELEASED);
  // one retry at a time: a second one while the first queues its jobs is refused, then sees those jobs alive
  if (!(await repo.takeRetry(db, batchId))) throw new BizError('该批次正在重新识别，请稍后');
  try {
    // a job whose process died (kill -9, a lost machine) is failed here at once rather than by the next sweep
    await failStale(db, exam.id);
    if (await repo.liveBatchJob(db, SCAN_JOB_KIND, batchId)) throw new BizError('该批次正在识别中，请稍后');
    const seqs = await repo.pendingSeqs(db, batchId);
    for (let i = 0; i < seqs.length; i += FILES_PER_JOB) {
      const part = seqs.slice(i, i + FILES_PER_JOB);
      await createJob(db, ctx.jobs, { kind: SCAN_JOB_KIND, schoolId: user.schoolId, examId: exam.id, createdBy: user.id,
        params: { batchId, fromSeq: part[0]!, toSeq: part[part.length - 1]! } satisfies ScanJobParams });
    }
    if (!seqs.length) await finishBatch(db, batchId);
  } finally {
    await repo.releaseRetry(db, batchId);
  }
  const [row] = await repo.batchesOf(db, user.schoolId, batch.exam_subject_id, batchId);
  return toBatch(row!);
}

// ---------------------------------------------------------------- fixes

/** Recognises the stored page image again (turned 180° first with rotate), with the subject's current card. */
async function recognizeAgain(ctx: AppContext, user: SchoolUser, pageId: number, rotate: boolean): Promise<void> {
  const { db } = ctx;
  const s = await scanPageFor(db, user, pageId);
  if (s.exam.releasedAt) throw new BizError(RELEASED);
  const { page } = s;
  if (page.status === 'deleted') throw new BizError('该图片在回收站中，请先还原');
  if (!page.image_key) throw new BizError('该文件无法读取，请重新扫描后上传');
  const storage = ctx.storage;
  let raster;
  try {
    raster = await decodeOnePage(await storage.getBytes(page.image_key));
  } catch (e) {
    if (e instanceof PageInputError) throw new BizError('图片无法读取，请重新扫描后上传');
    throw e;
  }
  if (rotate) raster.data.reverse(); // 180°: the pixel order reversed
  const layout = await cardLayout(db, user, page.exam_subject_id, s.exam.schoolId);
  const out = await recognizePage(raster, layout, page.exam_subject_id);
  const batch = (await repo.findBatch(db, page.batch_id))!;
  const version = Date.now() % 1_000_000_000;
  await change(db, s, async (tx) => {
    await savePageOutcome(tx, storage, batch, page.id, out, version);
    // a claim stays (the person decided who this is)
  });
  // the images of the earlier reading (new keys were written, so a reader never sees a half-replaced page)
  await storage.delete(page.image_key);
  for (const b of (page.rec as StoredReading | null)?.blocks ?? []) await storage.delete(b.key);
}

export const rotate = (ctx: AppContext, user: SchoolUser, pageId: number) => recognizeAgain(ctx, user, pageId, true);
export const recognizeOnce = (ctx: AppContext, user: SchoolUser, pageId: number) => recognizeAgain(ctx, user, pageId, false);

async function livePage(db: Db, user: SchoolUser, pageId: number) {
  const s = await scanPageFor(db, user, pageId);
  if (s.exam.releasedAt) throw new BizError(RELEASED);
  if (s.page.status === 'deleted') throw new BizError('该图片在回收站中，请先还原');
  if (!s.page.recognized) throw new BizError('该图片尚未识别完成，请稍后');
  return s;
}

export async function setExamNo(db: Db, user: SchoolUser, pageId: number, examNo: string): Promise<void> {
  const s = await livePage(db, user, pageId);
  if (s.page.page_no !== 1) throw new BizError('只有答题卡第 1 页有考号；其他页请使用认领');
  const student = await repo.examStudentByNo(db, s.exam.id, examNo);
  if (!student) throw new BizError(`考号 ${examNo} 不在本次考试的考生名单中`);
  if (s.schoolId !== null && student.school_id !== s.schoolId) throw new BizError(`考号 ${examNo} 是其他学校的考生，不能由本校扫描`);
  if (await repo.notTaking(db, s.page.exam_subject_id, student.id)) throw new BizError(`考号 ${examNo} 的考生不在本科目的考生名单中`);
  await change(db, s, async (tx) => {
    await repo.updatePage(tx, pageId, {
      read_exam_no: student.exam_no, read_exam_student_id: student.id, claim_exam_student_id: null,
      ...(s.page.intrinsic_kind === 'examNo' || s.page.intrinsic_kind === 'notInExam' ? { intrinsic_kind: null, intrinsic_reason: null } : {}),
    });
  });
}

export async function claim(db: Db, user: SchoolUser, pageId: number, examStudentId: number): Promise<void> {
  const s = await livePage(db, user, pageId);
  if (!(await repo.examStudentIn(db, s.exam.id, examStudentId, s.schoolId))) throw new BizError(s.schoolId ? '所选考生不是本校的联考考生' : '所选考生不是本次考试的考生');
  if (await repo.notTaking(db, s.page.exam_subject_id, examStudentId)) throw new BizError(repo.NOT_TAKING);
  const k = s.page.intrinsic_kind;
  if (k && k !== 'examNo' && k !== 'notInExam') throw new BizError(`该图片${SCAN_ABNORMAL_NAMES[k as ScanAbnormalKind] ?? '无法识别'}，不能认领；请旋转、重新识别或重新扫描`);
  if (s.page.page_no === null) throw new BizError('该图片页码无法识别，不能认领');
  await change(db, s, async (tx) => { await repo.updatePage(tx, pageId, { claim_exam_student_id: examStudentId }); });
}

/**
 * Of a student's duplicate sheets keep the one holding this page: the other copies of the kept sheet's pages go to
 * the recycle bin — a whole second copy entirely (docs/DOMAIN-RULES.md §5).
 */
export async function keep(db: Db, user: SchoolUser, pageId: number): Promise<number> {
  const s = await livePage(db, user, pageId);
  if (s.page.abnormal_kind !== 'duplicate' || !s.page.exam_student_id) throw new BizError('该图片不是重复扫描的答题卡');
  return change(db, s, async (tx) => {
    const others = await repo.otherCopies(tx, s.page.exam_subject_id, s.page.exam_student_id!, s.page.sheet_id ?? s.page.id);
    await repo.setPagesDeleted(tx, others.map((o) => o.id), user.id);
    return others.length;
  });
}

export async function confirmMarks(db: Db, user: SchoolUser, pageId: number, body: { questions: { questionNo: string; marked: string[] }[]; absent?: boolean }): Promise<void> {
  const s = await livePage(db, user, pageId);
  const rec = s.page.rec as StoredReading | null;
  if (!rec) throw new BizError('该图片没有识别结果');
  const known = new Map(rec.questions.map((q) => [q.no, q]));
  const questions: Record<string, string[]> = { ...((s.page.confirmed as Confirmed | null)?.questions ?? {}) };
  for (const q of body.questions) {
    const r = known.get(q.questionNo);
    if (!r) throw new BizError(`第 ${q.questionNo} 题不在这一页上`);
    const options = rec.doubts.find((d) => d.kind === 'question' && d.id === q.questionNo)?.options.map((o) => o.value) ?? [...'ABCDEFGH√×'];
    const bad = q.marked.filter((m) => !options.includes(m));
    if (bad.length) throw new BizError(`第 ${q.questionNo} 题没有选项 ${bad.join('、')}`);
    if (q.questionNo.startsWith('选做:') && new Set(q.marked).size !== 1) throw new BizError(`${q.questionNo.slice(3)} 选做题须确认一道所选的题`);
    questions[q.questionNo] = [...new Set(q.marked)].sort();
  }
  // the boxes of a K > 1 group must end up naming different questions
  const clash = electiveClashList(rec.questions.map((r) => ({ id: r.no, marked: questions[r.no] ?? r.marked })))[0];
  if (clash) throw new BizError(`选做题 ${clash.group}：第 ${clash.slots.join('、')} 个答题框选了同一道题（第 ${clash.no} 题），各框须选不同的题`);
  if (body.absent !== undefined && s.page.page_no !== 1) throw new BizError('缺考标记在答题卡第 1 页');
  const confirmed: Confirmed = { questions, ...(body.absent !== undefined ? { absent: body.absent } : {}) };
  await change(db, s, async (tx) => { await repo.updatePage(tx, pageId, { confirmed: JSON.stringify(confirmed) }); });
}

/** scanned/updateObject: pages to the recycle bin. */
export async function deletePages(db: Db, user: SchoolUser, pageIds: number[]): Promise<number> {
  const s = await samePagesSubject(db, user, pageIds);
  return change(db, s, async (tx) => {
    const ids = (await repo.pagesByIds(tx, user.schoolId, pageIds)).filter((p) => p.status !== 'deleted').map((p) => p.id);
    await repo.setPagesDeleted(tx, ids, user.id);
    return ids.length;
  });
}

/** scanned/historyReduction: pages back from the recycle bin (they are resolved again like new). */
export async function restorePages(db: Db, user: SchoolUser, pageIds: number[]): Promise<number> {
  const s = await samePagesSubject(db, user, pageIds);
  return change(db, s, async (tx) => {
    const ids = (await repo.pagesByIds(tx, user.schoolId, pageIds)).filter((p) => p.status === 'deleted').map((p) => p.id);
    await repo.restorePages(tx, ids);
    return ids.length;
  });
}

/** The pages must all exist in the caller's school and belong to one exam subject the caller may scan. */
async function samePagesSubject(db: Db, user: SchoolUser, pageIds: number[]): Promise<ScanSubject> {
  const unique = [...new Set(pageIds)];
  const rows = await repo.pagesByIds(db, user.schoolId, unique);
  if (rows.length !== unique.length) throw notFound('答题卡图片');
  const subjects = new Set(rows.map((r) => r.exam_subject_id));
  if (subjects.size !== 1) throw new BizError('一次只能处理同一考试科目的答题卡图片');
  const s = await scanSubjectFor(db, user, rows[0]!.exam_subject_id);
  if (s.exam.releasedAt) throw new BizError(RELEASED);
  return s;
}

// ---------------------------------------------------------------- scores

export async function objectiveResult(db: Db, user: SchoolUser, examSubjectId: number, examStudentId: number): Promise<ObjectiveRecognizeResult> {
  const s = await scanSubjectFor(db, user, examSubjectId);
  const student = await repo.examStudentIn(db, s.exam.id, examStudentId, s.schoolId);
  if (!student) throw notFound('考生');
  const questions = await repo.objectiveQuestions(db, examSubjectId);
  const pages = await repo.pagesOfStudent(db, user.schoolId, examSubjectId, examStudentId);
  const read = new Map<string, { marked: string[]; confirmed: boolean; doubt: string | null }>();
  const electives: ObjectiveRecognizeResult['electives'] = [];
  let absent = false;
  for (const p of pages) {
    const rec = p.rec as StoredReading | null;
    const conf = p.confirmed as Confirmed | null;
    if (p.page_no === 1) absent = conf?.absent ?? p.absent;
    for (const r of rec?.questions ?? []) {
      const c = conf?.questions[r.no];
      if (r.no.startsWith('选做:')) {
        const marked = c ?? r.marked;
        const { nos, slot } = parseChoiceKey(r.no.slice(3));
        electives.push({ nos, ...(slot ? { slot } : {}), chosen: marked.length === 1 ? marked[0]! : null, confirmed: !!c, doubt: c ? null : r.doubt });
        continue;
      }
      if (!read.has(r.no)) read.set(r.no, { marked: c ?? r.marked, confirmed: !!c, doubt: c ? null : r.doubt });
    }
  }
  const stored = new Map((await repo.storedScores(db, examStudentId, questions.map((q) => q.id))).map((r) => [r.questionId, Number(r.score)]));
  const rows = questions.map((q) => {
    const r = read.get(q.no);
    const choice = r ? r.marked.join('') : null;
    return {
      questionId: q.id, no: q.no, type: q.type, fullScore: q.fullScore, answer: q.answer, choice, confirmed: r?.confirmed ?? false, doubt: r?.doubt ?? null,
      score: stored.get(q.id) ?? (r && !absent ? pointsOf(q, choice) : null),
    };
  });
  const scored = rows.filter((r) => r.score !== null);
  return {
    examSubjectId, examStudentId, name: student.name, examNo: student.examNo, absent, questions: rows, electives,
    objectiveScore: absent || !scored.length ? null : Math.round(scored.reduce((a, r) => a + r.score!, 0) * 100) / 100,
  };
}

/** calculateScore: every clean sheet's objective scores written again from its readings. */
export async function calculateScore(db: Db, user: SchoolUser, examSubjectId: number): Promise<ScanScoreResult> {
  const s = await scanSubjectFor(db, user, examSubjectId);
  const r: SyncResult = await withScoreWrites(db, s.exam.id, (tx) => syncSubject(tx, examSubjectId, { force: true }), { unreleased: '成绩已发布，不能重新计算' });
  return { scored: r.scored, absent: r.absent, skipped: r.skipped };
}

// ---------------------------------------------------------------- operators

export async function operatorList(db: Db, user: SchoolUser, examSubjectId: number): Promise<ScanOperator[]> {
  await scanSubjectFor(db, user, examSubjectId);
  return repo.operators(db, user.schoolId, examSubjectId);
}

export async function operatorSave(db: Db, user: SchoolUser, examSubjectId: number, userIds: number[]): Promise<ScanOperator[]> {
  await scanSubjectFor(db, user, examSubjectId, 'manage');
  const unique = [...new Set(userIds)];
  const own = await repo.teacherUsers(db, user.schoolId, unique);
  if (own.length !== unique.length) throw forbidden();
  await db.transaction().execute((tx) => repo.replaceOperators(tx, user.schoolId, examSubjectId, unique));
  return repo.operators(db, user.schoolId, examSubjectId);
}
