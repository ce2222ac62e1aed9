import { sql, type Kysely } from 'kysely';

/**
 * 校本题库: a knowledge-point tree per school and course (exam questions' knowledge points match its names), and
 * the school's questions (rich stem as HTML with LaTeX, options, answer, analysis, type, difficulty, tags, the exam
 * question it came from) linked to the tree's points.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table bank_knowledge_point (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  course_code text not null,
  parent_id int references bank_knowledge_point(id) on delete cascade,
  name text not null,
  sort int not null default 0,
  created_at timestamptz not null default now()
);
create unique index bank_knowledge_point_name on bank_knowledge_point (school_id, course_code, coalesce(parent_id, 0), name);
create table bank_question (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  course_code text not null,
  type text not null check (type in ('single', 'multiple', 'judge', 'fill', 'subjective')),
  stem text not null,
  options jsonb not null default '[]',
  answer text not null default '',
  analysis text not null default '',
  difficulty numeric(4,3) check (difficulty between 0 and 1),
  discrimination numeric(4,3) check (discrimination between -1 and 1),
  tags text[] not null default '{}',
  source_exam_id int references exam(id) on delete set null,
  source_question_id int references question(id) on delete set null,
  created_by int references app_user(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bank_question_course on bank_question (school_id, course_code, id);
create table bank_question_point (
  question_id int not null references bank_question(id) on delete cascade,
  point_id int not null references bank_knowledge_point(id) on delete cascade,
  primary key (question_id, point_id)
);
create index bank_question_point_point on bank_question_point (point_id);
`.execute(db);
}
