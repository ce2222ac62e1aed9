import { sql, type Kysely } from 'kysely';

/** Schools, users and sessions, school data, roles. Every school-owned row carries school_id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table school (
  id serial primary key,
  name text not null unique,
  code text not null unique,
  province text not null default '',
  area text not null default '',
  address text not null default '',
  logo text,
  contact_name text not null default '',
  contact_phone text not null default '',
  status smallint not null default 1,
  created_at timestamptz not null default now()
);
create table grade_dict (
  id serial primary key,
  name text not null unique,
  stage text not null default '高中',
  sort int not null default 0
);
create table course_dict (
  id serial primary key,
  code text not null unique,
  name text not null unique,
  sort int not null default 0
);
create table sys_role (
  id serial primary key,
  code text not null unique,
  name text not null unique,
  remark text not null default '',
  permissions text[] not null default '{}',
  created_at timestamptz not null default now()
);
create table app_user (
  id serial primary key,
  school_id int references school(id),
  login_id text not null unique,
  user_name text not null,
  email text,
  phone text,
  gender text,
  password_hash text not null,
  user_type text not null check (user_type in ('teacher', 'student', 'platform')),
  sys_role_id int references sys_role(id),
  status smallint not null default 1,
  created_at timestamptz not null default now()
);
create unique index app_user_email on app_user (lower(email)) where email is not null;
create index app_user_school on app_user (school_id);

create table school_grade (
  id serial primary key,
  school_id int not null references school(id),
  grade_dict_id int references grade_dict(id),
  name text not null,
  sort int not null default 0,
  unique (school_id, name)
);
create table school_grade_course (
  id serial primary key,
  school_id int not null references school(id),
  grade_id int not null references school_grade(id) on delete cascade,
  course_code text not null,
  course_name text not null,
  sort int not null default 0,
  unique (grade_id, course_code)
);
create table school_year (
  id serial primary key,
  school_id int not null references school(id),
  name text not null,
  start_date date not null,
  end_date date not null,
  is_current boolean not null default false,
  unique (school_id, name)
);
create table semester (
  id serial primary key,
  school_id int not null references school(id),
  school_year_id int not null references school_year(id) on delete cascade,
  name text not null,
  start_date date not null,
  end_date date not null,
  is_current boolean not null default false,
  unique (school_year_id, name)
);
create table school_class (
  id serial primary key,
  school_id int not null references school(id),
  grade_id int not null references school_grade(id),
  name text not null,
  class_type text not null default '行政班',
  sort int not null default 0,
  unique (grade_id, name)
);
create index school_class_school on school_class (school_id, grade_id, sort);
create table student (
  id serial primary key,
  school_id int not null references school(id),
  class_id int references school_class(id),
  user_id int references app_user(id),
  name text not null,
  admission_no text not null,
  gender text not null default '',
  registration_type text not null default '应届',
  status smallint not null default 1,
  created_at timestamptz not null default now(),
  unique (school_id, admission_no)
);
create index student_class on student (class_id);
create table teacher (
  id serial primary key,
  school_id int not null references school(id),
  user_id int not null unique references app_user(id),
  name text not null,
  phone text not null default '',
  gender text not null default '',
  created_at timestamptz not null default now()
);
create index teacher_school on teacher (school_id);

-- A user's roles with their scope: school_admin (none), grade_leader (grade), lesson_leader (grade + course),
-- head_teacher (class), subject_teacher (class + course), student. These rows are the teacher-course-class relations.
create table user_role (
  id serial primary key,
  school_id int not null references school(id),
  user_id int not null references app_user(id) on delete cascade,
  role_code text not null,
  grade_id int references school_grade(id) on delete cascade,
  class_id int references school_class(id) on delete cascade,
  course_code text,
  temporary boolean not null default false,
  created_at timestamptz not null default now()
);
create index user_role_user on user_role (user_id);
create index user_role_school on user_role (school_id, role_code);
create unique index user_role_unique on user_role (user_id, role_code, coalesce(grade_id, 0), coalesce(class_id, 0), coalesce(course_code, ''));

-- Business permissions per teacher role, per school (spec: save_business_permission).
create table role_permission (
  id serial primary key,
  school_id int not null references school(id),
  role_code text not null,
  permission_code text not null,
  unique (school_id, role_code, permission_code)
);

create table session (
  id serial primary key,
  token_hash text not null unique,
  user_id int not null references app_user(id) on delete cascade,
  kind text not null check (kind in ('user', 'admin')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create table email_code (
  id serial primary key,
  email text not null,
  purpose text not null,
  user_id int references app_user(id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_code_lookup on email_code (lower(email), purpose, created_at);
create table rate_event (
  id bigserial primary key,
  key text not null,
  created_at timestamptz not null default now()
);
create index rate_event_key on rate_event (key, created_at);
create table mail_outbox (
  id serial primary key,
  to_addr text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create table app_secret (
  name text primary key,
  value text not null
);
`.execute(db);
}
