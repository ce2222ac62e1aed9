import { sql, type Kysely } from 'kysely';

/**
 * Marking quality control (docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评"):
 * - marking_block.recheck_interval: 个人一致性 — after every N papers a marker submitted on the block, marking/next
 *   hands back one of the marker's own submitted papers, blind (0 = off).
 * - marking_block.trial_count: 试评 — K papers the leader scores as trial papers (0 = off); every marker marks
 *   them and waits for the leader's 通过 before formal marking.
 * - marking_check: a mark that never counts — a re-check (kind 'recheck', of the marker's task task_id) or a trial
 *   mark (kind 'trial', attempt = the marker's trial round). Its id is taken from marking_task's sequence, so the
 *   page's taskId names either a task or a check and a re-check looks like any paper.
 * - marking_trial_paper: the block's trial papers with the leader's reference scores.
 * - marking_trial_marker: a marker's trial round (attempt; 重评 adds one) and when the leader passed it. Kept apart
 *   from marking_marker, which save_task_allocation rewrites.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table marking_block add column recheck_interval int not null default 0 check (recheck_interval between 0 and 10000);
alter table marking_block add column trial_count int not null default 0 check (trial_count between 0 and 50);

create table marking_check (
  id int primary key default nextval('marking_task_id_seq'),
  school_id int not null references school(id) on delete cascade,
  block_id int not null references marking_block(id) on delete cascade,
  paper_id int not null references marking_paper(id) on delete cascade,
  marker_id int not null references app_user(id) on delete cascade,
  kind text not null check (kind in ('recheck', 'trial')),
  task_id int references marking_task(id) on delete cascade,
  attempt int not null default 1,
  lease_until timestamptz,
  scores jsonb,
  total numeric(8,2),
  original_total numeric(8,2),
  skipped boolean not null default false,
  submitted_at timestamptz,
  request_id text unique,
  created_at timestamptz not null default now()
);
create unique index marking_check_recheck on marking_check (task_id) where kind = 'recheck';
create unique index marking_check_trial on marking_check (paper_id, marker_id, attempt) where kind = 'trial';
create index marking_check_marker on marking_check (block_id, marker_id);

create table marking_trial_paper (
  block_id int not null references marking_block(id) on delete cascade,
  paper_id int not null references marking_paper(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  scores jsonb not null,
  total numeric(8,2) not null,
  set_by int references app_user(id) on delete set null,
  set_at timestamptz not null default now(),
  primary key (block_id, paper_id)
);

create table marking_trial_marker (
  block_id int not null references marking_block(id) on delete cascade,
  user_id int not null references app_user(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  attempt int not null default 1,
  passed_at timestamptz,
  passed_by int references app_user(id) on delete set null,
  primary key (block_id, user_id)
);
`.execute(db);
}
