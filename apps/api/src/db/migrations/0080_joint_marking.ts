import { sql, type Kysely } from 'kysely';

/**
 * 混合阅卷 (docs/DECISIONS.md "Joint exams: shared marking"): the organiser of a joint exam gives each participating
 * school a share of a block's marks. A block without rows here is a free pool for every assigned marker. The
 * share is a percentage of the block's 评分任务; a school's markers together take at most their share.
 * exam_id leads the key so the table sits with the exam's other rows when tables are distributed by exam_id
 * (docs/SCALE.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table marking_school_share (
  exam_id int not null references exam(id) on delete cascade,
  block_id int not null references marking_block(id) on delete cascade,
  school_id int not null references school(id),
  percent smallint not null check (percent between 0 and 100),
  primary key (exam_id, block_id, school_id)
);
create index marking_school_share_block on marking_school_share (block_id);
`.execute(db);
}
