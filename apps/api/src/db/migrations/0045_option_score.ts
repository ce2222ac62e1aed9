import { sql, type Kysely } from 'kysely';

/**
 * 选对一项得分 (docs/DOMAIN-RULES.md §2): a multiple-choice question may score a correct but incomplete answer by the
 * number of key options chosen (the 新高考 rule: key of 2 options, 3 points each; key of 3, 2 points each), instead of
 * one partial score. At most one of partial_score and option_score is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table question add column option_score numeric(7,2) check (option_score > 0);
alter table question add constraint question_one_partial_rule check (partial_score is null or option_score is null);
`.execute(db);
}
