/** SQL of block regions (migrations/0027_block_region.ts): the scanned pages a region is drawn on. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export interface RegionPageRow { id: number; pageNo: number; imageKey: string; blocks: { id: string; rect: { x: number; y: number; w: number; h: number } }[] }

/** The newest recognised page (status ok, image stored) of each card page of the subject, or of page `pageNo`. */
export async function newestPages(q: Q, schoolId: number, examSubjectId: number, pageNo?: number): Promise<RegionPageRow[]> {
  const r = await sql<{ id: number; page_no: number; image_key: string; blocks: RegionPageRow['blocks'] | null }>`
    select distinct on (page_no) id, page_no, image_key, rec->'blocks' as blocks from scan_page
    where school_id = ${schoolId} and exam_subject_id = ${examSubjectId} and status = 'ok' and image_key is not null and page_no is not null
      and (${pageNo ?? null}::int is null or page_no = ${pageNo ?? null}::int)
    order by page_no, id desc`.execute(q);
  return r.rows.map((x) => ({ id: x.id, pageNo: x.page_no, imageKey: x.image_key, blocks: x.blocks ?? [] }));
}
