/**
 * The recognition job (kind scan-recognize): params { batchId, fromSeq, toSeq, storage } in, page rows out. A
 * batch is split into jobs of FILES_PER_JOB files so that several workers share a big batch. Each file is read
 * from storage and decoded into its pages (a TIFF or PDF gives several: rows are added for pages 2…n); each page
 * is recognised and its image and cut blocks stored; a file or page that cannot be read becomes an abnormal page
 * with the reason and the rest goes on. Whoever finishes the batch's last page closes the batch: a rescan's
 * earlier pages of the student go to the recycle bin and the subject is synced (scan.sync.ts), in one
 * transaction under the exam's score lock.
 */
import type { Db, Tx } from '../../db/database.js';
import type { Storage } from '../../core/storage.js';
import { withScoreWrites } from '../score/score-write.service.js';
import { registerJobKind, type JobContext } from '../job/job.service.js';
import { decodePages, OmrInputError, type Raster } from './scan.engine.js';
import { isBlank, recognizePage, type PageOutcome } from './scan.recognize.js';
import * as repo from './scan.repository.js';
import { sniff } from './scan.upload.js';
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

const DECODE_FAILED = (pdf: boolean) => (pdf ? 'PDF 文件已损坏，无法读取' : '图片已损坏或不完整，无法读取');

/** Stores the outcome's image and blocks and writes the page row (the owner and kind come from the sync). */
export async function savePageOutcome(db: Db | Tx, storage: Storage, batch: { id: number; school_id: number; exam_subject_id: number; exam_id: number }, pageId: number,
  out: PageOutcome, version = 0): Promise<void> {
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
    if (s && !(await repo.notTaking(db, batch.exam_subject_id, s.id))) readStudentId = s.id;
    else if (s) { intrinsicKind = 'notInExam'; intrinsicReason = `考号 ${out.examNo} 的考生不在本科目的考生名单中`; }
    else { intrinsicKind = 'notInExam'; intrinsicReason = `考号 ${out.examNo} 不在本次考试的考生名单中`; }
  }
  await repo.updatePage(db, pageId, {
    recognized: true, status: intrinsicKind ? 'abnormal' : 'ok', image_key: imageKey, width: out.width, height: out.height,
    rec: reading ? JSON.stringify(reading) : null, intrinsic_kind: intrinsicKind, intrinsic_reason: intrinsicReason, page_no: out.pageNo,
    read_exam_no: out.examNo, read_exam_student_id: readStudentId, absent: out.absent, confirmed: null,
  });
}

export async function markBad(db: Db | Tx, pageId: number, reason: string): Promise<void> {
  await repo.updatePage(db, pageId, { recognized: true, status: 'abnormal', intrinsic_kind: 'badFile', intrinsic_reason: reason, page_no: null });
}

/**
 * The file's bytes when they may be kept as the page image: a one-page greyscale or colour JPEG decoded at its
 * own size, without an EXIF turn (a browser would show it turned while the rectangles are of the raw pixels).
 */
async function storedAsIs(bytes: Buffer, rasters: Raster[]): Promise<Buffer | undefined> {
  const r = rasters[0];
  if (rasters.length !== 1 || !r || sniff(bytes.subarray(0, 16)) !== 'jpeg') return undefined;
  if ((r.fileWidth ?? r.width) !== r.width || (r.fileHeight ?? r.height) !== r.height) return undefined;
  const meta = await (await import('sharp')).default(bytes).metadata().catch(() => null);
  return meta && meta.width === r.width && meta.height === r.height && (meta.orientation ?? 1) === 1 ? bytes : undefined;
}

/** Recognises one raster onto a page row; a page the engine cannot handle is an abnormal, never a crash. */
async function recognizeOnto(db: Db, storage: Storage, batch: Batch, pageId: number, raster: Raster, back: boolean, source?: Buffer): Promise<void> {
  let out: PageOutcome;
  try {
    out = await recognizePage(raster, batch.card_layout, batch.exam_subject_id, { source });
  } catch (e) {
    console.error(e);
    await markBad(db, pageId, '识别失败：图像无法处理，请重新扫描');
    return;
  }
  await savePageOutcome(db, storage, batch, pageId, out);
  // duplex: the blank back of a one-sided page is expected; it goes to the recycle bin rather than the abnormal list
  if (batch.duplex && back && out.intrinsicKind === 'anchor' && isBlank(raster)) {
    await repo.updatePage(db, pageId, { status: 'deleted', deleted_at: new Date(), intrinsic_reason: '双面扫描的空白背面（已自动移入回收站）' });
  }
}

async function handler(c: JobContext<ScanJobParams>): Promise<unknown> {
  const { db, params } = c;
  const batch = await repo.findBatch(db, params.batchId);
  if (!batch) return { pages: 0 };
  const { storage } = c;
  const pages = await repo.pendingPages(db, batch.id, params.fromSeq, params.toSeq);
  let done = 0;
  for (const page of pages) {
    if (page.recognized) continue;
    if (!page.source_key) { await markBad(db, page.id, page.intrinsic_reason ?? '文件无法读取'); continue; }
    let rasters: Raster[];
    const bytes = await storage.getBytes(page.source_key);
    try {
      rasters = await decodePages(bytes);
    } catch (e) {
      // the upload let only files through that start like an image or a PDF: an image that fails is corrupt
      const pdf = sniff(bytes.subarray(0, 16)) === 'pdf';
      await markBad(db, page.id, pdf && e instanceof OmrInputError ? e.message : DECODE_FAILED(pdf));
      continue;
    }
    if (!rasters.length) { await markBad(db, page.id, 'PDF 文件没有页面'); continue; }
    const source = await storedAsIs(bytes, rasters);
    for (const [i, raster] of rasters.entries()) {
      const pageId = i === 0 ? page.id : await repo.insertPage(db, {
        school_id: batch.school_id, batch_id: batch.id, exam_subject_id: batch.exam_subject_id, file_seq: page.file_seq, file_index: i + 1,
        file_name: page.file_name, source_key: page.source_key,
      });
      // with duplex every second image of the batch is a back side; multi-page files count their own pages
      const back = batch.duplex && (i % 2 === 1 || (rasters.length === 1 && page.file_seq % 2 === 0));
      await recognizeOnto(db, storage, batch, pageId, raster, back, source);
    }
    done++;
    c.progress(Math.round((done / pages.length) * 100));
  }
  await finishBatch(db, batch.id);
  return { files: pages.length };
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
