import { sql, type Kysely } from 'kysely';

/**
 * Live marking monitor (docs/DECISIONS.md "Live marking monitor"): one row per exam whose version
 * goes up in the transaction of every marking change (a submitted, rescored, arbitrated or overridden mark, a
 * problem paper, allocation and 开启/暂停, clearing). Every api instance's event stream polls these versions,
 * so a change made through one instance reaches the monitors open on all of them. The exam's score lock
 * already serialises marks of one exam, so the row adds no waiting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table marking_change (
  exam_id int primary key references exam(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  version bigint not null default 0,
  changed_at timestamptz not null default now()
);
`.execute(db);
}
