import { sql, type Kysely } from 'kysely';

/**
 * Exams (docs/DOMAIN-RULES.md §2): exam → exam subjects → questions (+ groups) → exam students → question scores,
 * absences, per-exam analysis settings and score corrections (the correction workflow is built later on
 * score_correction).
 *
 * Conventions:
 * - Scores are numeric. A subject score is the sum of its question_score rows.
 * - A subject imported as totals only (grade_import/import_total) has one synthetic question with
 *   is_total = true, no '总分', full_score = the subject's full score; it exists only while the subject has no
 *   real questions.
 * - question_score has no foreign keys (bulk speed): delete its rows before deleting questions or exams.
 * - After an import every exam student of the subject is either in subject_absence (缺考) or has one
 *   question_score row per question of the subject.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table exam (
  id serial primary key,
  school_id int not null references school(id),
  name text not null,
  exam_type smallint not null check (exam_type between 1 and 6),
  grade_id int not null references school_grade(id),
  semester_id int references semester(id) on delete set null,
  mode text not null default 'multi' check (mode in ('single', 'multi', 'joint')),
  start_date date not null,
  end_date date not null,
  status smallint not null default 1 check (status between 1 and 4),
  progress smallint not null default 0 check (progress between 0 and 100),
  reference_exam_id int references exam(id) on delete set null,
  released_at timestamptz,
  created_by int references app_user(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index exam_school on exam (school_id, grade_id, start_date desc);

create table exam_subject (
  id serial primary key,
  exam_id int not null references exam(id) on delete cascade,
  course_code text not null,
  course_name text not null,
  full_score numeric(7,2) not null check (full_score > 0),
  exam_date date,
  flow_status text not null default '',
  sort int not null default 0,
  unique (exam_id, course_code)
);

create table exam_student (
  id serial primary key,
  exam_id int not null references exam(id) on delete cascade,
  student_id int not null references student(id),
  class_id int not null references school_class(id),
  exam_no text not null,
  room text not null default '',
  seat int,
  registration_type text not null default '应届',
  unique (exam_id, student_id),
  unique (exam_id, exam_no)
);
create index exam_student_class on exam_student (exam_id, class_id);

create table question_group (
  id serial primary key,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  name text not null,
  sort int not null default 0,
  unique (exam_subject_id, name)
);

create table question (
  id serial primary key,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  no text not null,
  parent_no text,
  sort int not null default 0,
  type text not null check (type in ('single', 'multiple', 'judge', 'fill', 'subjective')),
  full_score numeric(7,2) not null check (full_score > 0),
  step numeric(5,2) not null default 1 check (step > 0),
  answer text,
  partial_score numeric(7,2),
  group_id int references question_group(id) on delete set null,
  knowledge_points text[] not null default '{}',
  is_total boolean not null default false,
  unique (exam_subject_id, no)
);

-- The big table (≈ students × questions per exam). No foreign keys and no second index: per-row FK checks
-- halve bulk-import speed. Rows are removed by the code that removes their question or exam
-- (exam.service deleteExam / saveQuestions); read by subject (question_id in …) or per student through the
-- primary key with the exam's question ids.
create table question_score (
  exam_student_id int not null,
  question_id int not null,
  score numeric(7,2) not null check (score >= 0),
  choice text,
  primary key (question_id, exam_student_id)
);

create table subject_absence (
  exam_student_id int not null references exam_student(id) on delete cascade,
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  primary key (exam_subject_id, exam_student_id)
);

create table exam_setting (
  id serial primary key,
  exam_id int not null references exam(id) on delete cascade,
  course_code text,
  family text not null,
  value jsonb not null,
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now()
);
create unique index exam_setting_unique on exam_setting (exam_id, coalesce(course_code, ''), family);

create table score_correction (
  id serial primary key,
  exam_id int not null references exam(id) on delete cascade,
  exam_student_id int not null references exam_student(id) on delete cascade,
  question_id int not null references question(id) on delete cascade,
  old_score numeric(7,2) not null,
  new_score numeric(7,2) not null check (new_score >= 0),
  reason text not null default '',
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  applied_by int references app_user(id) on delete set null,
  applied_at timestamptz not null default now(),
  approved_by int references app_user(id) on delete set null,
  approved_at timestamptz
);
create index score_correction_exam on score_correction (exam_id, status);
`.execute(db);
}
