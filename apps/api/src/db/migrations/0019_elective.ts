import { sql, type Kysely } from 'kysely';

/**
 * 选做题 (issues 10/11; docs/DOMAIN-RULES.md "选做题"):
 * - question.elective_group / elective_pick: questions sharing a group label form one 选做 group of which the
 *   student answers elective_pick (K, usually 1); all of a group have the same full score and step.
 * - scan_student.elective: the choice read (or confirmed) per group of the card, { "22/23": "22" }.
 * - marking_paper.chosen_question_id: the question a 选做 block's paper is marked (and written) as.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table question add column elective_group text;
alter table question add column elective_pick int check (elective_pick between 1 and 5);
alter table scan_student add column elective jsonb;
alter table marking_paper add column chosen_question_id int references question(id) on delete set null;
`.execute(db);
}
