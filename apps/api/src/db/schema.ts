import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables in migrations/. Keep in step with them. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateCol = ColumnType<Date, Date | string, Date | string>;

export interface SchoolTable {
  id: Generated<number>;
  name: string;
  code: string;
  province: Generated<string>;
  area: Generated<string>;
  address: Generated<string>;
  logo: string | null;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  status: Generated<number>;
  created_at: Generated<Timestamp>;
}
export interface GradeDictTable { id: Generated<number>; name: string; stage: Generated<string>; sort: Generated<number> }
export interface CourseDictTable { id: Generated<number>; code: string; name: string; sort: Generated<number> }
export interface SysRoleTable {
  id: Generated<number>;
  code: string;
  name: string;
  remark: Generated<string>;
  permissions: Generated<string[]>;
  created_at: Generated<Timestamp>;
}
export type UserType = 'teacher' | 'student' | 'platform';
export interface AppUserTable {
  id: Generated<number>;
  school_id: number | null;
  login_id: string;
  user_name: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  password_hash: string;
  user_type: UserType;
  sys_role_id: number | null;
  status: Generated<number>;
  created_at: Generated<Timestamp>;
}
export interface SchoolGradeTable {
  id: Generated<number>;
  school_id: number;
  grade_dict_id: number | null;
  name: string;
  sort: Generated<number>;
}
export interface SchoolGradeCourseTable {
  id: Generated<number>;
  school_id: number;
  grade_id: number;
  course_code: string;
  course_name: string;
  sort: Generated<number>;
}
export interface SchoolYearTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  start_date: DateCol;
  end_date: DateCol;
  is_current: Generated<boolean>;
}
export interface SemesterTable {
  id: Generated<number>;
  school_id: number;
  school_year_id: number;
  name: string;
  start_date: DateCol;
  end_date: DateCol;
  is_current: Generated<boolean>;
}
export interface SchoolClassTable {
  id: Generated<number>;
  school_id: number;
  grade_id: number;
  name: string;
  class_type: Generated<string>;
  sort: Generated<number>;
}
export interface StudentTable {
  id: Generated<number>;
  school_id: number;
  class_id: number | null;
  user_id: number | null;
  name: string;
  admission_no: string;
  gender: Generated<string>;
  registration_type: Generated<string>;
  status: Generated<number>;
  created_at: Generated<Timestamp>;
}
export interface TeacherTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  name: string;
  phone: Generated<string>;
  gender: Generated<string>;
  created_at: Generated<Timestamp>;
}
export interface UserRoleTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role_code: string;
  grade_id: number | null;
  class_id: number | null;
  course_code: string | null;
  temporary: Generated<boolean>;
  created_at: Generated<Timestamp>;
}
export interface RolePermissionTable {
  id: Generated<number>;
  school_id: number;
  role_code: string;
  permission_code: string;
}
export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  kind: 'user' | 'admin';
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}
export interface EmailCodeTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  user_id: number | null;
  code_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface RateEventTable { id: Generated<number>; key: string; created_at: Generated<Timestamp> }
export interface MailOutboxTable {
  id: Generated<number>;
  to_addr: string;
  subject: string;
  body: string;
  created_at: Generated<Timestamp>;
}
export interface AppSecretTable { name: string; value: string }

export interface DB {
  school: SchoolTable;
  grade_dict: GradeDictTable;
  course_dict: CourseDictTable;
  sys_role: SysRoleTable;
  app_user: AppUserTable;
  school_grade: SchoolGradeTable;
  school_grade_course: SchoolGradeCourseTable;
  school_year: SchoolYearTable;
  semester: SemesterTable;
  school_class: SchoolClassTable;
  student: StudentTable;
  teacher: TeacherTable;
  user_role: UserRoleTable;
  role_permission: RolePermissionTable;
  session: SessionTable;
  email_code: EmailCodeTable;
  rate_event: RateEventTable;
  mail_outbox: MailOutboxTable;
  app_secret: AppSecretTable;
}
