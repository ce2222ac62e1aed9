/** SQL of scanning: batches, pages, the derived per-student state, scanner operators. Every read is filtered by school. */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { ScanPageTable } from '../../db/schema.js';
import { takesSubject } from '../exam-room/exam-room.repository.js';

type Q = Db | Tx;

// ---------------------------------------------------------------- batches

export async function nextBatchNo(q: Q, examSubjectId: number): Promise<number> {
  const r = await q.selectFrom('scan_batch').select(sql<number>`coalesce(max(no), 0)::int + 1`.as('n')).where('exam_subject_id', '=', examSubjectId).executeTakeFirstOrThrow();
  return r.n;
}

export async function insertBatch(q: Q, v: { schoolId: number; examId: number; examSubjectId: number; no: number; name: string; duplex: boolean; rescanOf: number | null; layout: unknown; userId: number }) {
  const r = await q.insertInto('scan_batch').values({
    school_id: v.schoolId, exam_id: v.examId, exam_subject_id: v.examSubjectId, no: v.no, name: v.name, duplex: v.duplex,
    rescan_exam_student_id: v.rescanOf, card_layout: JSON.stringify(v.layout), created_by: v.userId,
  }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function setBatch(q: Q, id: number, v: { status?: 'uploading' | 'recognizing' | 'done'; fileCount?: number; finished?: boolean }) {
  await q.updateTable('scan_batch').set({
    ...(v.status ? { status: v.status } : {}), ...(v.fileCount !== undefined ? { file_count: v.fileCount } : {}),
    ...(v.finished ? { finished_at: new Date() } : {}),
  }).where('id', '=', id).execute();
}

export async function findBatch(q: Q, id: number) {
  return q.selectFrom('scan_batch').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface BatchRow {
  id: number; examSubjectId: number; no: number; name: string; duplex: boolean; rescanOf: number | null; status: 'uploading' | 'recognizing' | 'done';
  fileCount: number; pageCount: number; recognizedCount: number; sheetCount: number; okCount: number; abnormalCount: number; deletedCount: number;
  createdBy: string; createdAt: Date;
}

export async function batchesOf(q: Q, schoolId: number, examSubjectId: number, batchId?: number): Promise<BatchRow[]> {
  let query = q.selectFrom('scan_batch as b')
    .leftJoin('app_user as u', 'u.id', 'b.created_by')
    .select([
      'b.id', 'b.exam_subject_id as examSubjectId', 'b.no', 'b.name', 'b.duplex', 'b.rescan_exam_student_id as rescanOf', 'b.status',
      'b.file_count as fileCount', 'b.created_at as createdAt', sql<string>`coalesce(u.user_name, '')`.as('createdBy'),
      sql<number>`(select count(*)::int from scan_page p where p.batch_id = b.id)`.as('pageCount'),
      sql<number>`(select count(*)::int from scan_page p where p.batch_id = b.id and p.recognized)`.as('recognizedCount'),
      // sheets (docs/DOMAIN-RULES.md §5): live sheets, those with every page ok, those with an abnormal page
      sql<number>`(select count(distinct coalesce(p.sheet_id, p.id))::int from scan_page p where p.batch_id = b.id and p.status in ('ok', 'abnormal'))`.as('sheetCount'),
      sql<number>`(select count(*)::int from (select 1 from scan_page p where p.batch_id = b.id and p.status in ('ok', 'abnormal')
        group by coalesce(p.sheet_id, p.id) having bool_and(p.status = 'ok')) x)`.as('okCount'),
      sql<number>`(select count(distinct coalesce(p.sheet_id, p.id))::int from scan_page p where p.batch_id = b.id and p.status = 'abnormal')`.as('abnormalCount'),
      sql<number>`(select count(*)::int from scan_page p where p.batch_id = b.id and p.status = 'deleted')`.as('deletedCount'),
    ])
    .where('b.school_id', '=', schoolId).where('b.exam_subject_id', '=', examSubjectId);
  if (batchId) query = query.where('b.id', '=', batchId);
  return query.orderBy('b.no', 'desc').execute() as Promise<BatchRow[]>;
}

/** The card layout of the subject's latest batch (what the pages were recognised with). */
export async function latestLayout(q: Q, examSubjectId: number): Promise<unknown> {
  const r = await q.selectFrom('scan_batch').select('card_layout').where('exam_subject_id', '=', examSubjectId).orderBy('no', 'desc').limit(1).executeTakeFirst();
  return r?.card_layout ?? null;
}

// ---------------------------------------------------------------- pages

export async function insertPage(q: Q, v: Insertable<ScanPageTable>): Promise<number> {
  const r = await q.insertInto('scan_page').values(v).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updatePage(q: Q, id: number, v: Updateable<ScanPageTable>): Promise<void> {
  await q.updateTable('scan_page').set(v).where('id', '=', id).execute();
}

/**
 * The recognition's write of a page: its status is written only while the page is out of the recycle bin (a page
 * deleted while its batch was recognising stays deleted), and with pendingOnly only once (a second worker on the
 * same page writes nothing). Answers whether the row was written.
 */
export async function writeRecognition(q: Q, id: number, v: Updateable<ScanPageTable> & { status: 'ok' | 'abnormal' | 'deleted' }, pendingOnly: boolean): Promise<boolean> {
  const { status, ...rest } = v;
  let u = q.updateTable('scan_page').set({ ...rest, status: sql<'ok'>`case when status = 'deleted' then status else ${status} end` }).where('id', '=', id);
  if (pendingOnly) u = u.where('recognized', '=', false);
  const r = await u.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * The rows of pages 2…n of a multi-page file, made once: under the batch's row lock, idempotent per (batch, file,
 * page index), so a retry after a crash adds only what is missing. A file that would take the batch over maxPages
 * gets no rows (false). Pages of a file whose first row is in the recycle bin are made in the recycle bin too.
 */
export async function expandFile(db: Db, batchId: number, fileSeq: number, pages: number, maxPages: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('scan_batch').select('id').where('id', '=', batchId).forUpdate().executeTakeFirst();
    const r = await tx.selectFrom('scan_page').select([sql<number>`count(*)::int`.as('all'), sql<number>`count(*) filter (where file_seq = ${fileSeq})::int`.as('own')])
      .where('batch_id', '=', batchId).executeTakeFirstOrThrow();
    if (r.all - r.own + pages > maxPages) return false;
    const head = await tx.selectFrom('scan_page').selectAll().where('batch_id', '=', batchId).where('file_seq', '=', fileSeq).where('file_index', '=', 1).executeTakeFirstOrThrow();
    const deleted = head.status === 'deleted';
    for (let from = 2; from <= pages; from += 1000) {
      const rows = [];
      for (let i = from; i <= Math.min(pages, from + 999); i++) {
        rows.push({
          school_id: head.school_id, batch_id: batchId, exam_subject_id: head.exam_subject_id, file_seq: fileSeq, file_index: i, file_name: head.file_name,
          source_key: head.source_key, ...(deleted ? { status: 'deleted' as const, deleted_at: head.deleted_at, deleted_by: head.deleted_by } : {}),
        });
      }
      await tx.insertInto('scan_page').values(rows).onConflict((oc) => oc.columns(['batch_id', 'file_seq', 'file_index']).doNothing()).execute();
    }
    return true;
  });
}

/** The pages of one file still waiting for recognition, in page order. */
export async function pendingOfFile(q: Q, batchId: number, fileSeq: number) {
  return q.selectFrom('scan_page').selectAll().where('batch_id', '=', batchId).where('file_seq', '=', fileSeq).where('recognized', '=', false)
    .orderBy('file_index').execute();
}

/**
 * A file whose every page came to nothing (unreadable, over a budget): its stored source is no use to anyone, so
 * the rows let go of it and the caller deletes it. Answers the key to delete, or null while the file has a page
 * pending or a page that was read.
 */
export async function releaseFailedSource(db: Db, batchId: number, fileSeq: number): Promise<string | null> {
  const r = await db.selectFrom('scan_page').select([sql<number>`count(*) filter (where not recognized or intrinsic_kind is distinct from 'badFile')::int`.as('kept'), sql<string | null>`max(source_key)`.as('key')])
    .where('batch_id', '=', batchId).where('file_seq', '=', fileSeq).executeTakeFirstOrThrow();
  if (r.kept > 0 || !r.key) return null;
  await db.updateTable('scan_page').set({ source_key: null, source_bytes: null }).where('batch_id', '=', batchId).where('file_seq', '=', fileSeq).execute();
  return r.key;
}

/** Bytes of upload files the school keeps stored, and its budget (null: the platform's). */
export async function schoolDisk(q: Q, schoolId: number): Promise<{ used: number; quota: number | null }> {
  const used = await q.selectFrom('scan_page').select(sql<string>`coalesce(sum(source_bytes), 0)`.as('n')).where('school_id', '=', schoolId)
    .where('source_bytes', 'is not', null).executeTakeFirstOrThrow();
  const s = await q.selectFrom('school').select('scan_disk_quota').where('id', '=', schoolId).executeTakeFirst();
  return { used: Number(used.n), quota: s?.scan_disk_quota == null ? null : Number(s.scan_disk_quota) };
}

/**
 * One retry at a time per batch: takes the batch (a conditional update) unless another retry holds it; a retry that
 * died holding it lets go after a minute.
 */
export async function takeRetry(q: Q, batchId: number): Promise<boolean> {
  const r = await q.updateTable('scan_batch').set({ retrying_at: new Date() }).where('id', '=', batchId)
    .where((eb) => eb.or([eb('retrying_at', 'is', null), eb('retrying_at', '<', sql<Date>`now() - interval '1 minute'`)])).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function releaseRetry(q: Q, batchId: number): Promise<void> {
  await q.updateTable('scan_batch').set({ retrying_at: null }).where('id', '=', batchId).execute();
}

export async function pendingPages(q: Q, batchId: number, fromSeq: number, toSeq: number) {
  return q.selectFrom('scan_page').selectAll().where('batch_id', '=', batchId).where('recognized', '=', false)
    .where('file_seq', '>=', fromSeq).where('file_seq', '<=', toSeq).orderBy('file_seq').orderBy('file_index').execute();
}

export async function batchHasPending(q: Q, batchId: number): Promise<boolean> {
  const r = await q.selectFrom('scan_page').select('id').where('batch_id', '=', batchId).where('recognized', '=', false).limit(1).executeTakeFirst();
  return !!r;
}

export type PageRow = Awaited<ReturnType<typeof findPage>> & object;

export async function findPage(q: Q, schoolId: number, id: number) {
  return q.selectFrom('scan_page').selectAll().where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst();
}

export async function pagesByIds(q: Q, schoolId: number, ids: number[]) {
  if (!ids.length) return [];
  return q.selectFrom('scan_page').selectAll().where('school_id', '=', schoolId).where('id', 'in', ids).execute();
}

/** Pages with the owner's name and 考号, for lists. */
export function pageSelect(q: Q) {
  return q.selectFrom('scan_page as p')
    .leftJoin('exam_student as es', 'es.id', 'p.exam_student_id')
    .leftJoin('student as st', 'st.id', 'es.student_id')
    .leftJoin('app_user as du', 'du.id', 'p.deleted_by')
    .selectAll('p')
    .select(['st.name as studentName', 'es.exam_no as ownerExamNo', sql<string>`coalesce(du.user_name, '')`.as('deletedByName')]);
}
export type ListedPage = Awaited<ReturnType<ReturnType<typeof pageSelect>['execute']>>[number];

export async function pagesOfBatch(q: Q, schoolId: number, batchId: number): Promise<ListedPage[]> {
  return pageSelect(q).where('p.school_id', '=', schoolId).where('p.batch_id', '=', batchId).orderBy('p.file_seq').orderBy('p.file_index').execute();
}

export async function pagesOfStudent(q: Q, schoolId: number, examSubjectId: number, examStudentId: number): Promise<ListedPage[]> {
  return pageSelect(q).where('p.school_id', '=', schoolId).where('p.exam_subject_id', '=', examSubjectId)
    .where('p.exam_student_id', '=', examStudentId).where('p.status', '!=', 'deleted')
    .orderBy('p.page_no').orderBy('p.batch_id').orderBy('p.file_seq').execute();
}

export async function abnormalPages(q: Q, schoolId: number, examSubjectId: number, kind?: string): Promise<ListedPage[]> {
  let query = pageSelect(q).where('p.school_id', '=', schoolId).where('p.exam_subject_id', '=', examSubjectId).where('p.status', '=', 'abnormal');
  if (kind) query = query.where('p.abnormal_kind', '=', kind);
  return query.orderBy('p.batch_id').orderBy('p.file_seq').orderBy('p.file_index').execute();
}

export async function deletedPages(q: Q, schoolId: number, examSubjectId: number): Promise<ListedPage[]> {
  return pageSelect(q).where('p.school_id', '=', schoolId).where('p.exam_subject_id', '=', examSubjectId).where('p.status', '=', 'deleted')
    .orderBy('p.deleted_at', 'desc').orderBy('p.id').execute();
}

/**
 * Every recognised page of the subject that takes part in the resolution: the live ones, and those in the recycle
 * bin that were read as a card page (they still stand in their batch's sequence of sheets), with the batch's rescan student.
 */
export async function resolvablePages(q: Q, examSubjectId: number) {
  return q.selectFrom('scan_page as p').innerJoin('scan_batch as b', 'b.id', 'p.batch_id')
    .select(['p.id', 'p.batch_id', 'p.file_seq', 'p.file_index', 'p.recognized', 'p.intrinsic_kind', 'p.intrinsic_reason', 'p.page_no',
      'p.read_exam_student_id', 'p.claim_exam_student_id', 'p.absent', 'p.rec', 'p.confirmed', 'p.status', 'p.exam_student_id', 'p.abnormal_kind', 'p.reason',
      'p.sheet_id', 'b.rescan_exam_student_id'])
    .where('p.exam_subject_id', '=', examSubjectId)
    .where((eb) => eb.or([eb('p.status', '!=', 'deleted'), eb.and([eb('p.recognized', '=', true), eb('p.page_no', 'is not', null)])]))
    .execute();
}

export async function setPagesDeleted(q: Q, ids: number[], userId: number | null): Promise<void> {
  if (!ids.length) return;
  await q.updateTable('scan_page').set({ status: 'deleted', deleted_at: new Date(), deleted_by: userId, exam_student_id: null })
    .where('id', 'in', ids).execute();
}

export async function restorePages(q: Q, ids: number[]): Promise<void> {
  if (!ids.length) return;
  // the resolution sets the real status right after
  await q.updateTable('scan_page').set({ status: sql`case when recognized then 'ok' else 'pending' end`, deleted_at: null, deleted_by: null })
    .where('id', 'in', ids).execute();
}

/** Live pages of one student of the subject outside one batch (what a rescan replaces). */
export async function studentPagesOutside(q: Q, examSubjectId: number, examStudentId: number, batchId: number): Promise<number[]> {
  const rows = await q.selectFrom('scan_page').select('id').where('exam_subject_id', '=', examSubjectId).where('exam_student_id', '=', examStudentId)
    .where('status', '!=', 'deleted').where('batch_id', '!=', batchId).execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- students

export async function examStudentByNo(q: Q, examId: number, examNo: string) {
  const exact = await q.selectFrom('exam_student').select(['id', 'exam_no', 'school_id']).where('exam_id', '=', examId).where('exam_no', '=', examNo).executeTakeFirst();
  if (exact) return exact;
  // a 考号 grid wider than the 考号: leading zeros filled in
  const stripped = examNo.replace(/^0+(?=.)/, '');
  const rows = await q.selectFrom('exam_student').select(['id', 'exam_no', 'school_id']).where('exam_id', '=', examId)
    .where(sql<string>`regexp_replace(exam_no, '^0+(?=.)', '')`, '=', stripped).limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** The candidate is left out of the subject (选择考生名单): a sheet of the subject cannot be theirs. */
export async function notTaking(q: Q, examSubjectId: number, examStudentId: number): Promise<boolean> {
  const r = await q.selectFrom('exam_subject_excluded').select('exam_student_id').where('exam_subject_id', '=', examSubjectId)
    .where('exam_student_id', '=', examStudentId).executeTakeFirst();
  return !!r;
}
export const NOT_TAKING = '该考生不在本科目的考生名单中';

/** The exam student, if of the exam (and, with `schoolId`, of that school: a joint exam's participant). */
export async function examStudentIn(q: Q, examId: number, examStudentId: number, schoolId: number | null = null) {
  let query = q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .select(['es.id', 'es.exam_no as examNo', 'st.name']).where('es.exam_id', '=', examId).where('es.id', '=', examStudentId);
  if (schoolId !== null) query = query.where('es.school_id', '=', schoolId);
  return query.executeTakeFirst();
}

/** The organiser of the exam (exam.school_id): a sheet scanned by another school reaches only its own candidates. */
export async function examOwner(q: Q, examId: number): Promise<number | undefined> {
  return (await q.selectFrom('exam').select('school_id').where('id', '=', examId).executeTakeFirst())?.school_id;
}

export async function scanStudents(q: Q, examSubjectId: number) {
  return q.selectFrom('scan_student').selectAll().where('exam_subject_id', '=', examSubjectId).execute();
}

export async function replaceScanStudents(q: Q, schoolId: number, examSubjectId: number, rows: {
  examStudentId: number; state: 'absent' | 'abnormal' | 'uploaded'; duplicate: boolean; claimed: boolean; abnormalKind: string | null; pages: number[];
  scoreKey: string | null; objectiveScore: number | null; elective?: Record<string, string | null> | null;
}[]): Promise<void> {
  await q.deleteFrom('scan_student').where('exam_subject_id', '=', examSubjectId).execute();
  for (let i = 0; i < rows.length; i += 1000) {
    await q.insertInto('scan_student').values(rows.slice(i, i + 1000).map((r) => ({
      exam_subject_id: examSubjectId, exam_student_id: r.examStudentId, school_id: schoolId, state: r.state, duplicate: r.duplicate,
      claimed: r.claimed, abnormal_kind: r.abnormalKind, pages: r.pages, score_key: r.scoreKey, objective_score: r.objectiveScore,
      elective: r.elective ? JSON.stringify(r.elective) : null,
    }))).execute();
  }
}

/** Writes the resolution's page owners, kinds and sheets (only rows that changed). */
export async function applyPageResolution(q: Q, rows: { id: number; examStudentId: number | null; abnormalKind: string | null; reason: string | null; sheetId: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    const part = rows.slice(i, i + 2000);
    await sql`update scan_page p set exam_student_id = v.sid, abnormal_kind = v.kind, reason = v.reason, sheet_id = v.sheet,
        status = case when v.kind is null then 'ok' else 'abnormal' end
      from unnest(${part.map((r) => r.id)}::int[], ${part.map((r) => r.examStudentId)}::int[], ${part.map((r) => r.abnormalKind)}::text[], ${part.map((r) => r.reason)}::text[],
        ${part.map((r) => r.sheetId)}::int[])
        as v(id, sid, kind, reason, sheet)
      where p.id = v.id`.execute(q);
  }
}

export interface StudentListRow {
  examStudentId: number; name: string; examNo: string; className: string; room: string; classId: number;
  state: 'absent' | 'abnormal' | 'uploaded' | null; duplicate: boolean | null; claimed: boolean | null; abnormalKind: string | null;
  pages: number[] | null; objectiveScore: string | number | null;
}

function studentBase(q: Q, examId: number, examSubjectId: number) {
  return q.selectFrom('exam_student as es')
    .innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school_class as c', 'c.id', 'es.class_id')
    .leftJoin('scan_student as ss', (j) => j.onRef('ss.exam_student_id', '=', 'es.id').on('ss.exam_subject_id', '=', examSubjectId))
    .where('es.exam_id', '=', examId)
    .where(takesSubject(examSubjectId)); // 选择考生名单: only the subject's own candidates
}

export async function studentPage(q: Q, examId: number, examSubjectId: number, f: {
  state?: string; duplicate?: boolean; claimed?: boolean; keyword?: string; classId?: number; current: number; size: number; classIds: number[] | 'all';
  schoolId?: number | null;
}): Promise<{ rows: StudentListRow[]; total: number }> {
  let base = studentBase(q, examId, examSubjectId);
  if (f.schoolId) base = base.where('es.school_id', '=', f.schoolId);
  if (f.classIds !== 'all') base = f.classIds.length ? base.where('es.class_id', 'in', f.classIds) : base.where(sql<boolean>`false`);
  if (f.state === 'noScan') base = base.where('ss.state', 'is', null);
  else if (f.state) base = base.where('ss.state', '=', f.state as 'absent');
  if (f.duplicate) base = base.where('ss.duplicate', '=', true);
  if (f.claimed) base = base.where('ss.claimed', '=', true);
  if (f.classId) base = base.where('es.class_id', '=', f.classId);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('st.name', 'ilike', like), eb('es.exam_no', 'ilike', like)]));
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base.select([
    'es.id as examStudentId', 'st.name', 'es.exam_no as examNo', 'c.name as className', 'es.room', 'es.class_id as classId',
    'ss.state', 'ss.duplicate', 'ss.claimed', 'ss.abnormal_kind as abnormalKind', 'ss.pages', 'ss.objective_score as objectiveScore',
  ]).orderBy('c.sort').orderBy('c.id').orderBy('es.exam_no').limit(f.size).offset((f.current - 1) * f.size).execute();
  return { rows: rows as StudentListRow[], total };
}

export async function studentRow(q: Q, examId: number, examSubjectId: number, examStudentId: number): Promise<StudentListRow | undefined> {
  return studentBase(q, examId, examSubjectId).where('es.id', '=', examStudentId).select([
    'es.id as examStudentId', 'st.name', 'es.exam_no as examNo', 'c.name as className', 'es.room', 'es.class_id as classId',
    'ss.state', 'ss.duplicate', 'ss.claimed', 'ss.abnormal_kind as abnormalKind', 'ss.pages', 'ss.objective_score as objectiveScore',
  ]).executeTakeFirst() as Promise<StudentListRow | undefined>;
}

/**
 * The subject's counters (docs/DOMAIN-RULES.md §5, 扫描计数): students per state over the candidates taking it
 * (exam_subject_excluded left out: 选择考生名单), and 异常卷 — sheets with at least one abnormal page — in all, of
 * students and without an owner.
 */
export async function counters(q: Q, examId: number, examSubjectId: number, schoolId: number | null = null) {
  // a joint exam's participant counts its own candidates and its own pages only
  const mine = schoolId === null ? sql<boolean>`true` : sql<boolean>`school_id = ${schoolId}`;
  const s = await sql<{ total: number; absent: number; abnormal: number; uploaded: number; duplicate: number; claimed: number }>`
    select count(*)::int as total,
      count(*) filter (where ss.state = 'absent')::int as absent,
      count(*) filter (where ss.state = 'abnormal')::int as abnormal,
      count(*) filter (where ss.state = 'uploaded')::int as uploaded,
      count(*) filter (where ss.duplicate)::int as duplicate,
      count(*) filter (where ss.claimed)::int as claimed
    from exam_student es left join scan_student ss on ss.exam_student_id = es.id and ss.exam_subject_id = ${examSubjectId}
    where es.exam_id = ${examId} and (${schoolId}::int is null or es.school_id = ${schoolId})
      and ${takesSubject(examSubjectId)}`.execute(q);
  const p = await sql<{ sheets: number; unassigned: number; recycled: number }>`
    select (select count(distinct coalesce(sheet_id, id))::int from scan_page where exam_subject_id = ${examSubjectId} and status = 'abnormal' and ${mine}) as sheets,
      (select count(*)::int from (select coalesce(sheet_id, id) from scan_page where exam_subject_id = ${examSubjectId} and status in ('ok', 'abnormal') and ${mine}
        group by coalesce(sheet_id, id) having bool_or(status = 'abnormal') and count(exam_student_id) = 0) x) as unassigned,
      (select count(*)::int from scan_page where exam_subject_id = ${examSubjectId} and status = 'deleted' and ${mine}) as recycled`.execute(q);
  const r = s.rows[0]!;
  const scanned = r.absent + r.abnormal + r.uploaded;
  const pr = p.rows[0]!;
  return {
    studentCount: r.total, noScanCount: r.total - scanned, missExamCount: r.absent, abnormalCount: r.abnormal, uploadCount: r.uploaded,
    duplicateCount: r.duplicate, claimCount: r.claimed, abnormalSheetCount: pr.sheets, unassignedAbnormalCount: pr.unassigned, recycledCount: pr.recycled,
  };
}

// ---------------------------------------------------------------- operators

export async function isOperator(q: Q, examSubjectId: number, userId: number): Promise<boolean> {
  const r = await q.selectFrom('scan_operator').select('user_id').where('exam_subject_id', '=', examSubjectId).where('user_id', '=', userId).executeTakeFirst();
  return !!r;
}

/** Of some exam subjects, those the user is 扫描员 of. */
export async function operatedSubjects(q: Q, userId: number, examSubjectIds: number[]): Promise<Set<number>> {
  if (!examSubjectIds.length) return new Set();
  const rows = await q.selectFrom('scan_operator').select('exam_subject_id').where('user_id', '=', userId).where('exam_subject_id', 'in', examSubjectIds).execute();
  return new Set(rows.map((r) => r.exam_subject_id));
}

export async function operators(q: Q, schoolId: number, examSubjectId: number) {
  return q.selectFrom('scan_operator as o').innerJoin('app_user as u', 'u.id', 'o.user_id')
    .select(['u.id as userId', 'u.user_name as name', 'u.login_id as loginId'])
    .where('o.school_id', '=', schoolId).where('o.exam_subject_id', '=', examSubjectId).orderBy('u.id').execute();
}

export async function teacherUsers(q: Q, schoolId: number, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await q.selectFrom('app_user').select('id').where('school_id', '=', schoolId).where('user_type', '=', 'teacher').where('id', 'in', userIds).execute();
  return rows.map((r) => r.id);
}

export async function replaceOperators(q: Q, schoolId: number, examSubjectId: number, userIds: number[]): Promise<void> {
  await q.deleteFrom('scan_operator').where('exam_subject_id', '=', examSubjectId).execute();
  if (userIds.length) await q.insertInto('scan_operator').values(userIds.map((u) => ({ exam_subject_id: examSubjectId, user_id: u, school_id: schoolId }))).execute();
}

// ---------------------------------------------------------------- objective questions

export async function objectiveQuestions(q: Q, examSubjectId: number) {
  const rows = await q.selectFrom('question').select(['id', 'no', 'type', 'full_score', 'step', 'answer', 'partial_score', 'option_score'])
    .where('exam_subject_id', '=', examSubjectId).where('is_total', '=', false).where('type', 'in', ['single', 'multiple', 'judge'])
    .orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id, no: r.no, type: r.type, fullScore: Number(r.full_score), step: Number(r.step), answer: r.answer,
    partialScore: r.partial_score === null ? null : Number(r.partial_score),
    optionScore: r.option_score === null ? null : Number(r.option_score),
  }));
}

export async function storedScores(q: Q, examStudentId: number, questionIds: number[]) {
  if (!questionIds.length) return [];
  return q.selectFrom('question_score').select(['question_id as questionId', 'score', 'choice'])
    .where('exam_student_id', '=', examStudentId).where('question_id', 'in', questionIds).execute();
}

/** The file sequence numbers of a batch's pages still waiting for recognition. */
export async function pendingSeqs(q: Q, batchId: number): Promise<number[]> {
  const rows = await q.selectFrom('scan_page').select('file_seq').distinct().where('batch_id', '=', batchId).where('recognized', '=', false).orderBy('file_seq').execute();
  return rows.map((r) => r.file_seq);
}

/** A recognition job of the batch that is queued or running. */
export async function liveBatchJob(q: Q, kind: string, batchId: number): Promise<boolean> {
  const r = await q.selectFrom('job').select('id').where('kind', '=', kind).where('state', 'in', ['queued', 'running'])
    .where(sql<string>`params->>'batchId'`, '=', String(batchId)).limit(1).executeTakeFirst();
  return !!r;
}

/** Objective score of students from the question-score table (null = nothing written). */
export async function objectiveScores(q: Q, examSubjectId: number, studentIds: number[]): Promise<Map<number, number>> {
  if (!studentIds.length) return new Map();
  const rows = await q.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id')
    .select(['qs.exam_student_id as id', (eb) => eb.fn.sum<string>('qs.score').as('total')])
    .where('q.exam_subject_id', '=', examSubjectId).where('q.type', 'in', ['single', 'multiple', 'judge'])
    .where('qs.exam_student_id', 'in', studentIds).groupBy('qs.exam_student_id').execute();
  return new Map(rows.map((r) => [r.id, Math.round(Number(r.total) * 100) / 100]));
}

/** Removes a batch row (an upload refused before any page was stored). */
export async function deleteBatch(q: Q, batchId: number): Promise<void> {
  await q.deleteFrom('scan_batch').where('id', '=', batchId).execute();
}

/**
 * 保留这一份: the student's live pages outside the kept sheet whose card page the kept sheet also has (the other
 * copies of those pages, whole copies included).
 */
export async function otherCopies(q: Q, examSubjectId: number, examStudentId: number, sheetId: number): Promise<{ id: number }[]> {
  const r = await sql<{ id: number }>`
    select p.id from scan_page p
    where p.exam_subject_id = ${examSubjectId} and p.exam_student_id = ${examStudentId} and p.status <> 'deleted'
      and coalesce(p.sheet_id, p.id) <> ${sheetId}
      and p.page_no in (select k.page_no from scan_page k where k.exam_subject_id = ${examSubjectId} and k.exam_student_id = ${examStudentId}
        and k.status <> 'deleted' and coalesce(k.sheet_id, k.id) = ${sheetId})`.execute(q);
  return r.rows;
}
