import { sql, type Kysely } from 'kysely';

/**
 * Online marking (docs/DOMAIN-RULES.md §4.1). school_id repeats the exam's school on every row so that
 * every query filters by it.
 * - marking_block: a 题块 of one exam subject: rating mode, tolerance (误差阈值), allocation (average | free |
 *   class), lease length, 题组长 (leader_user_id), standard answer, can_mark (progress/update_can_mark_paper).
 * - marking_block_question: the questions of a block (a question is in at most one block of its subject) with
 *   their scoring points (给分点, sampling/*): [{ id, name, fullScore, step }].
 * - marking_marker: who marks a block; quota = most marks the marker takes (null = no cap); class_ids = the
 *   classes whose papers the marker takes (allocation 'class').
 * - marking_paper: one per student and block, with the cut block image(s) from scanning (image_keys), its state
 *   and, once decided, the final scores (one per item) and whether they were written as question scores.
 * - marking_task: one mark of a paper: round 1/2 (double marking), 3 (third marker), 4 (the leader's
 *   arbitration, problem resolution or override). An unsubmitted task with no marker or an expired lease is in
 *   the pool. request_id makes a submission idempotent.
 * - marking_problem: papers flagged by a marker (空白卷 图像不清 切割错误 疑似雷同 其他) for the leader.
 * - marking_audit: every change after a first submission and every clearing: who, when, old, new, why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table marking_block (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  exam_id int not null references exam(id) on delete cascade,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  name text not null,
  sort int not null default 0,
  rating_mode int not null default 1 check (rating_mode between 1 and 5),
  tolerance numeric(7,2) not null default 0 check (tolerance >= 0),
  allocation text not null default 'free' check (allocation in ('average', 'free', 'class')),
  lease_seconds int not null default 600 check (lease_seconds between 10 and 7200),
  leader_user_id int references app_user(id) on delete set null,
  answer_text text not null default '',
  answer_images jsonb not null default '[]',
  can_mark boolean not null default true,
  created_at timestamptz not null default now()
);
create index marking_block_subject on marking_block (exam_subject_id);
create index marking_block_school on marking_block (school_id);

create table marking_block_question (
  block_id int not null references marking_block(id) on delete cascade,
  question_id int not null references question(id) on delete cascade,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  sort int not null default 0,
  points jsonb not null default '[]',
  primary key (block_id, question_id),
  unique (exam_subject_id, question_id)
);

create table marking_marker (
  block_id int not null references marking_block(id) on delete cascade,
  user_id int not null references app_user(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  quota int check (quota >= 0),
  class_ids int[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (block_id, user_id)
);
create index marking_marker_user on marking_marker (user_id);

create table marking_paper (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  block_id int not null references marking_block(id) on delete cascade,
  exam_student_id int not null references exam_student(id) on delete cascade,
  class_id int not null,
  image_keys text[] not null default '{}',
  status text not null default 'marking' check (status in ('marking', 'third', 'arbitration', 'problem', 'final')),
  final_scores jsonb,
  final_total numeric(8,2),
  final_via text,
  written boolean not null default false,
  updated_at timestamptz not null default now(),
  unique (block_id, exam_student_id)
);
create index marking_paper_block on marking_paper (block_id, status);

create table marking_task (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  block_id int not null references marking_block(id) on delete cascade,
  paper_id int not null references marking_paper(id) on delete cascade,
  round int not null check (round between 1 and 4),
  marker_id int references app_user(id) on delete set null,
  lease_until timestamptz,
  scores jsonb,
  total numeric(8,2),
  submitted_at timestamptz,
  request_id text unique,
  unique (paper_id, round)
);
create index marking_task_pool on marking_task (block_id, round) where submitted_at is null;
create index marking_task_marker on marking_task (marker_id, block_id);

create table marking_problem (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  block_id int not null references marking_block(id) on delete cascade,
  paper_id int not null references marking_paper(id) on delete cascade,
  task_id int references marking_task(id) on delete set null,
  kind text not null check (kind in ('blank', 'unclear', 'wrongBlock', 'copying', 'other')),
  note text not null default '',
  reporter_id int references app_user(id) on delete set null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by int references app_user(id) on delete set null,
  resolution text
);
create index marking_problem_block on marking_problem (block_id) where resolved_at is null;

create table marking_audit (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  block_id int references marking_block(id) on delete set null,
  paper_id int references marking_paper(id) on delete set null,
  exam_student_id int,
  user_id int references app_user(id) on delete set null,
  at timestamptz not null default now(),
  kind text not null,
  old jsonb,
  new jsonb,
  reason text not null default '',
  request_id text unique
);
create index marking_audit_block on marking_audit (block_id);
create index marking_audit_subject on marking_audit (exam_subject_id);
`.execute(db);
}
