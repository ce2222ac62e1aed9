/**
 * The recognition job (kind scan-recognize): params { batchId, fromSeq, toSeq } in, page rows out. A batch is split
 * into jobs of FILES_PER_JOB files so that several workers share a big batch. Each file is opened in the page
 * thread (scan.pages.ts): its pages' pixels are checked against the file's budget and a multi-page file's rows are
 * made at once (within the batch's page cap), then page after page is decoded, recognised and stored off the event
 * loop. Every write is idempotent per (batch, file, page index): a job that died is resumed by a retry, which does
 * the pages still pending and nothing twice. A page in the recycle bin stays there. A file or page that cannot be
 * read becomes an abnormal page with the reason; the source of a file none of whose pages was read is deleted.
 * Whoever finishes the batch's last page closes the batch: a rescan's earlier pages of the student go to the
 * recycle bin and the subject is synced (scan.sync.ts), in one transaction under the exam's score lock.
 */
import { SCAN_LIMITS } from '@jz/shared/api/scan';
import type { Db, Tx } from '../../db/database.js';
import { StorageNotFound, type Storage } from '../../core/storage.js';
import { withScoreWrites } from '../score/score-write.service.js';
import { registerJobKind, type JobContext } from '../job/job.service.js';
import { openFile, PageInputError, type PageFile } from './scan.pages.js';
import type { PageOutcome } from './scan.recognize.js';
import * as repo from './scan.repository.js';
import { syncSubject } from './scan.sync.js';

export const SCAN_JOB_KIND = 'scan-recognize';
export const FILES_PER_JOB = 40;

/** A range of a batch's pages; the files are in the store of the process that runs it (every process opens the same). */
export interface ScanJobParams { batchId: number; fromSeq: number; toSeq: number }

type Batch = NonNullable<Awaited<ReturnType<typeof repo.findBatch>>>;

export const keys = {
  prefix: (b: { school_id: number; exam_subject_id: number; id: number }) => `scans/${b.school_id}/${b.exam_subject_id}/${b.id}`,
  source: (b: Batch, n: number) => `${keys.prefix(b)}/src/${n}`,
  page: (b: { school_id: number; exam_subject_id: number; id: number }, pageId: number, v = 0) => `${keys.prefix(b)}/pages/${pageId}${v ? `-${v}` : ''}.jpg`,
  block: (b: { school_id: number; exam_subject_id: number; id: number }, pageId: number, i: number, v = 0) => `${keys.prefix(b)}/blocks/${pageId}-${i}${v ? `-${v}` : ''}.jpg`,
};

/** Stores the outcome's image and blocks and writes the page row (the owner and kind come from the sync). */
export async function savePageOutcome(db: Db | Tx, storage: Storage, batch: { id: number; school_id: number; exam_subject_id: number; exam_id: number }, pageId: number,
  out: PageOutcome, version = 0, pendingOnly = false): Promise<void> {
  const imageKey = keys.page(batch, pageId, version);
  await storage.put(imageKey, out.image);
  const blocks = [];
  for (const [i, b] of out.blocks.entries()) {
    const key = keys.block(batch, pageId, i, version);
    await storage.put(key, b.jpeg);
    blocks.push({ id: b.id, rect: b.rect, key });
  }
  const reading = out.reading ? { ...out.reading, blocks } : null;
  let readStudentId: number | null = null;
  let intrinsicKind = out.intrinsicKind;
  let intrinsicReason = out.intrinsicReason;
  if (out.examNo && !intrinsicKind) {
    const s = await repo.examStudentByNo(db, batch.exam_id, out.examNo);
    // a school scanning into a joint exam reaches only its own candidates: another school's 考号 is an abnormal
    if (s && s.school_id !== batch.school_id && (await repo.examOwner(db, batch.exam_id)) !== batch.school_id) {
      intrinsicKind = 'notInExam'; intrinsicReason = `考号 ${out.examNo} 是其他学校的考生，不能由本校扫描`;
    } else if (s && !(await repo.notTaking(db, batch.exam_subject_id, s.id))) readStudentId = s.id;
    else if (s) { intrinsicKind = 'notInExam'; intrinsicReason = `考号 ${out.examNo} 的考生不在本科目的考生名单中`; }
    else { intrinsicKind = 'notInExam'; intrinsicReason = `考号 ${out.examNo} 不在本次考试的考生名单中`; }
  }
  await repo.writeRecognition(db, pageId, {
    recognized: true, status: intrinsicKind ? 'abnormal' : 'ok', image_key: imageKey, width: out.width, height: out.height,
    rec: reading ? JSON.stringify(reading) : null, intrinsic_kind: intrinsicKind, intrinsic_reason: intrinsicReason, page_no: out.pageNo,
    read_exam_no: out.examNo, read_exam_student_id: readStudentId, absent: out.absent, confirmed: null,
  }, pendingOnly);
}

export async function markBad(db: Db | Tx, pageId: number, reason: string): Promise<void> {
  await repo.writeRecognition(db, pageId, { recognized: true, status: 'abnormal', intrinsic_kind: 'badFile', intrinsic_reason: reason, page_no: null }, true);
}

const millions = (px: number) => Math.round(px / 1e6).toLocaleString('en-US');
export const FILE_PIXELS_OVER = (px: number) => `文件像素总量过大（共 ${millions(px)} 百万像素，一个文件最多 ${millions(SCAN_LIMITS.filePixels)} 百万像素）：请降低扫描分辨率或分成多个文件上传`;
export const BATCH_PAGES_OVER = (pages: number) => `本批次页数超过上限（一个批次最多 ${SCAN_LIMITS.pages} 页，此文件有 ${pages} 页）：请分成多个批次上传`;

/** Every page still pending of one file → abnormal with the file's reason. */
async function failFile(db: Db, batchId: number, fileSeq: number, reason: string): Promise<void> {
  for (const row of await repo.pendingOfFile(db, batchId, fileSeq)) await markBad(db, row.id, reason);
}

/** Recognises the pending pages of one file (rows: its pending rows), page by page in the page thread. */
async function recognizeFile(db: Db, storage: Storage, batch: Batch, head: repo.PageRow): Promise<void> {
  const seq = head.file_seq;
  if (!head.source_key) return failFile(db, batch.id, seq, head.intrinsic_reason ?? '文件无法读取');
  let bytes: Buffer;
  try {
    bytes = await storage.getBytes(head.source_key);
  } catch (e) {
    if (e instanceof StorageNotFound) return failFile(db, batch.id, seq, '文件已不存在，请重新上传');
    throw e;
  }
  let file: PageFile;
  try {
    file = await openFile(bytes, batch.card_layout, batch.exam_subject_id);
  } catch (e) {
    // the upload let only files through that start like an image or a PDF: an image that fails to open is corrupt
    const pdf = bytes.subarray(0, 5).toString('latin1') === '%PDF-';
    if (e instanceof PageInputError) return failFile(db, batch.id, seq, pdf ? e.message : '图片已损坏或不完整，无法读取');
    throw e;
  }
  try {
    const n = file.pixels.length;
    if (n > SCAN_LIMITS.pages) return await failFile(db, batch.id, seq, BATCH_PAGES_OVER(n));
    const total = file.pixels.reduce((a, b) => a + b, 0);
    if (total > SCAN_LIMITS.filePixels) return await failFile(db, batch.id, seq, FILE_PIXELS_OVER(total));
    if (n > 1 && !(await repo.expandFile(db, batch.id, seq, n, SCAN_LIMITS.pages))) return await failFile(db, batch.id, seq, BATCH_PAGES_OVER(n));
    for (const row of await repo.pendingOfFile(db, batch.id, seq)) {
      if (row.file_index > n) { await markBad(db, row.id, '文件页数与上次读取时不同，请重新上传'); continue; }
      // with duplex every second image of the batch is a back side; multi-page files count their own pages
      const back = batch.duplex && (n > 1 ? row.file_index % 2 === 0 : seq % 2 === 0);
      let page;
      try {
        page = await file.recognize(row.file_index - 1, back);
      } catch (e) {
        if (!(e instanceof PageInputError)) throw e;
        await markBad(db, row.id, e.message);
        continue;
      }
      await savePageOutcome(db, storage, batch, row.id, page.outcome, 0, true);
      // duplex: the blank back of a one-sided page is expected; it goes to the recycle bin rather than the abnormal list
      if (page.blank) await repo.updatePage(db, row.id, { status: 'deleted', deleted_at: new Date(), intrinsic_reason: '双面扫描的空白背面（已自动移入回收站）' });
    }
  } finally {
    await file.close();
  }
}

async function handler(c: JobContext<ScanJobParams>): Promise<unknown> {
  const { db, params, storage } = c;
  const batch = await repo.findBatch(db, params.batchId);
  if (!batch) return { pages: 0 };
  const heads = new Map<number, repo.PageRow>();
  for (const p of await repo.pendingPages(db, batch.id, params.fromSeq, params.toSeq)) if (!heads.has(p.file_seq)) heads.set(p.file_seq, p);
  let done = 0;
  for (const head of heads.values()) {
    await recognizeFile(db, storage, batch, head);
    const dropped = await repo.releaseFailedSource(db, batch.id, head.file_seq);
    if (dropped) await storage.delete(dropped);
    done++;
    c.progress(Math.round((done / heads.size) * 100));
  }
  await finishBatch(db, batch.id);
  return { files: heads.size };
}

/** Closes the batch when no page is pending: rescan replacement and the subject's sync, under the exam lock. */
export async function finishBatch(db: Db, batchId: number): Promise<void> {
  if (await repo.batchHasPending(db, batchId)) return;
  const batch = await repo.findBatch(db, batchId);
  if (!batch || batch.status === 'done') return;
  await withScoreWrites(db, batch.exam_id, async (tx) => {
    const fresh = await repo.findBatch(tx, batchId);
    if (!fresh || fresh.status === 'done') return;
    if (fresh.rescan_exam_student_id) {
      // the rescan replaces the student's sheet only when it produced a recognised page of that student
      const own = await tx.selectFrom('scan_page').select('id').where('batch_id', '=', batchId).where('status', '!=', 'deleted')
        .where((eb) => eb.or([eb('intrinsic_kind', 'is', null), eb('intrinsic_kind', 'in', ['examNo', 'notInExam'])])).limit(1).executeTakeFirst();
      if (own) await repo.setPagesDeleted(tx, await repo.studentPagesOutside(tx, fresh.exam_subject_id, fresh.rescan_exam_student_id, batchId), fresh.created_by);
    }
    await repo.setBatch(tx, batchId, { status: 'done', finished: true });
    await syncSubject(tx, fresh.exam_subject_id);
  });
}

registerJobKind<ScanJobParams>(SCAN_JOB_KIND, handler, { failMessage: '答题卡识别失败：服务器内部错误' });
