import { sql, type Kysely } from 'kysely';

/**
 * Who sits an exam subject and where (selectStudentList and examEdit under /examDetailsEdit).
 * exam_subject_excluded: exam students who do not take one subject (the exam's candidates take every subject unless
 * listed here). exam_room: the exam's rooms with their capacity in order; arranging writes exam_student.room / seat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table exam_subject_excluded (
  exam_subject_id int not null references exam_subject(id) on delete cascade,
  exam_student_id int not null references exam_student(id) on delete cascade,
  school_id int not null references school(id) on delete cascade,
  primary key (exam_subject_id, exam_student_id)
);
create index exam_subject_excluded_school on exam_subject_excluded (school_id);
create index exam_subject_excluded_student on exam_subject_excluded (exam_student_id);
create table exam_room (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  exam_id int not null references exam(id) on delete cascade,
  name text not null,
  capacity int not null check (capacity between 1 and 500),
  sort int not null default 0,
  unique (exam_id, name)
);
create index exam_room_school on exam_room (school_id);
`.execute(db);
}
