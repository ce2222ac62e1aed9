import { sql, type Kysely } from 'kysely';

/**
 * 选做 K of N with K > 1 (docs/DOMAIN-RULES.md "选做题"): the card prints K boxes for the
 * group and each box of a student is its own paper of the group's block, `slot` 1..K (1 for every other paper),
 * so a student has up to K papers in such a block.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table marking_paper add column slot smallint not null default 1 check (slot between 1 and 5);
alter table marking_paper drop constraint marking_paper_block_id_exam_student_id_key;
alter table marking_paper add constraint marking_paper_block_student_slot unique (block_id, exam_student_id, slot);
`.execute(db);
}
