import { sql, type Kysely } from 'kysely';

/**
 * Joint exams (联考, docs/DOMAIN-RULES.md §7). The exam row stays the organiser's (exam.school_id = the organiser: an
 * education bureau tenant, school.kind = 'bureau', or a lead school); exam_school lists the participating schools,
 * their state and chosen classes; exam_student.school_id says which school a candidate belongs to, so every query
 * of a joint exam can be limited to one school without joining student. exam.registration_code lets a school join
 * by code; exam.anonymise_schools decides whether a school sees the others named or as 学校A, 学校B ….
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table school add column kind text not null default 'school' check (kind in ('school', 'bureau'));

alter table exam add column registration_code text unique;
alter table exam add column anonymise_schools boolean not null default true;

alter table exam_student add column school_id int references school(id);
update exam_student es set school_id = e.school_id from exam e where e.id = es.exam_id;
alter table exam_student alter column school_id set not null;
create index exam_student_school on exam_student (exam_id, school_id);

-- the name of exam's (school, grade, date) index goes to the table of participating schools
alter index exam_school rename to exam_by_school;
create table exam_school (
  exam_id int not null references exam(id) on delete cascade,
  school_id int not null references school(id),
  code smallint not null check (code between 1 and 99),
  status text not null default 'invited' check (status in ('invited', 'joined', 'confirmed', 'withdrawn')),
  class_ids int[] not null default '{}',
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (exam_id, school_id),
  unique (exam_id, code)
);
create index exam_school_school on exam_school (school_id, exam_id);
`.execute(db);
}
