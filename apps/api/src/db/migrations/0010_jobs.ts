import { sql, type Kysely } from 'kysely';

/**
 * Long work of any api instance (release, render jobs; next recognition) as rows of one `job` table, so that
 * every instance answers progress polls and a job's state survives the process that runs it.
 * state: queued → running → done | failed. A running job refreshes heartbeat_at; one whose heartbeat is stale
 * (its process died) is marked failed by whoever looks next (job.repository failStale).
 * runner: 'job' = run by the job layer (modules/job); 'render' = a render job run by the render queue
 * (apps/render-service, BullMQ's own stall handling), its state copied here when the api looks at it.
 * locks_exam: while queued or running the job holds its exam's score lock (a lease: score writes are refused,
 * see modules/job/exam-lock.repository.ts); the partial unique index makes it one such job per exam.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table job (
  id text primary key,
  kind text not null,
  school_id int references school(id) on delete cascade,
  exam_id int references exam(id) on delete cascade,
  created_by int references app_user(id) on delete set null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  progress int not null default 0 check (progress between 0 and 100),
  step int not null default 0,
  message text not null default '',
  params jsonb,
  result jsonb,
  error text,
  attempts int not null default 0,
  locks_exam boolean not null default false,
  runner text not null default 'job' check (runner in ('job', 'render')),
  worker text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  heartbeat_at timestamptz not null default now()
);
create index job_exam on job (exam_id, kind, created_at);
create index job_active on job (heartbeat_at) where state in ('queued', 'running');
create unique index job_exam_lock on job (exam_id) where locks_exam and state in ('queued', 'running');
`.execute(db);
}
