import { sql, type Kysely } from 'kysely';

/**
 * Scanning (docs/DOMAIN-RULES.md, Scanning). school_id repeats the exam's school on every row so that every
 * query filters by it.
 * - scan_batch: one upload of one exam subject; card_layout = the card the batch is recognised with (a snapshot,
 *   so a job needs nothing but the batch); rescan_exam_student_id = a rescan of one student's sheet.
 * - scan_page: one image (one side of paper). The uploaded file lives at source_key; a TIFF/PDF of n pages gives
 *   n rows (file_seq, file_index). Recognition writes the reading (rec), the card page, the 考号 read and the
 *   page's own problem (intrinsic_kind/intrinsic_reason); people add claim/typed 考号/confirmed marks; the
 *   resolution (scan.resolve.ts) derives exam_student_id, abnormal_kind and status from all of that.
 *   status 'deleted' = in the recycle bin.
 * - scan_student: per exam subject and student the derived state (未扫 rows are absent) and what was last
 *   written as objective scores (score_key), so that only changed students are written again.
 * - scan_operator: the exam subject's 扫描员 duty.
 * Schools that exist already get the new permission exam:scan:do for their grade and lesson leaders, as new
 * schools do by default (packages/shared roles.ts); the school administrator holds every permission anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table scan_batch (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  exam_id int not null references exam(id) on delete cascade,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  no int not null,
  name text not null,
  duplex boolean not null default false,
  rescan_exam_student_id int references exam_student(id) on delete set null,
  status text not null default 'uploading' check (status in ('uploading', 'recognizing', 'done')),
  card_layout jsonb,
  file_count int not null default 0,
  created_by int references app_user(id) on delete set null,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (exam_subject_id, no)
);
create index scan_batch_school on scan_batch (school_id);

create table scan_page (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  batch_id int not null references scan_batch(id) on delete cascade,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  file_seq int not null,
  file_index int not null default 1,
  file_name text not null,
  source_key text,
  status text not null default 'pending' check (status in ('pending', 'ok', 'abnormal', 'deleted')),
  recognized boolean not null default false,
  image_key text,
  width int,
  height int,
  rec jsonb,
  intrinsic_kind text,
  intrinsic_reason text,
  page_no int,
  read_exam_no text,
  read_exam_student_id int references exam_student(id) on delete set null,
  absent boolean not null default false,
  claim_exam_student_id int references exam_student(id) on delete set null,
  confirmed jsonb,
  exam_student_id int references exam_student(id) on delete set null,
  abnormal_kind text,
  reason text,
  deleted_at timestamptz,
  deleted_by int references app_user(id) on delete set null,
  created_at timestamptz not null default now(),
  unique (batch_id, file_seq, file_index)
);
create index scan_page_subject on scan_page (exam_subject_id, status);
create index scan_page_student on scan_page (exam_subject_id, exam_student_id);

create table scan_student (
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  exam_student_id int not null references exam_student(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  state text not null check (state in ('absent', 'abnormal', 'uploaded')),
  duplicate boolean not null default false,
  claimed boolean not null default false,
  abnormal_kind text,
  pages int[] not null default '{}',
  score_key text,
  objective_score numeric(8,2),
  primary key (exam_subject_id, exam_student_id)
);

create table scan_operator (
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  user_id int not null references app_user(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (exam_subject_id, user_id)
);
create index scan_operator_user on scan_operator (user_id);

insert into role_permission (school_id, role_code, permission_code)
select s.id, r.code, 'exam:scan:do' from school s cross join (values ('grade_leader'), ('lesson_leader')) as r(code)
where not exists (select 1 from role_permission p where p.school_id = s.id and p.role_code = r.code and p.permission_code = 'exam:scan:do');
`.execute(db);
}
