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
  created_at: Timestamp;
  /** Bytes of stored scan uploads the school may hold (0031; null = SCAN_LIMITS.schoolDiskBytes). */
  scan_disk_quota: ColumnType<string | null, number | null | undefined, number | null>;
}
export interface GradeDictTable { id: Generated<number>; name: string; stage: Generated<string>; sort: Generated<number> }
export interface CourseDictTable { id: Generated<number>; code: string; name: string; sort: Generated<number> }
export interface SysRoleTable {
  id: Generated<number>;
  code: string;
  name: string;
  remark: Generated<string>;
  permissions: Generated<string[]>;
  created_at: Timestamp;
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
  /** Set by someone else (reset, created by an administrator, import): must be changed at the next login (0009). */
  must_change_password: Generated<boolean>;
  sys_role_id: number | null;
  status: Generated<number>;
  created_at: Timestamp;
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
  created_at: Timestamp;
}
export interface TeacherTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  name: string;
  phone: Generated<string>;
  gender: Generated<string>;
  created_at: Timestamp;
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
  created_at: Timestamp;
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
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Opened by the platform administrator for a school (admin_login_teach): no forced password change (0009). */
  on_behalf: Generated<boolean>;
}
export interface EmailCodeTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  user_id: number | null;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface RateEventTable { id: Generated<number>; key: string; created_at: Generated<Timestamp> }
export interface MailOutboxTable {
  id: Generated<number>;
  to_addr: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  /** The school whose outbox shows the mail; null = platform administrator only (0009). */
  school_id: number | null;
}
export interface AppSecretTable { name: string; value: string }
/** Login attempt counters per key (0009): failures counted before the password check, under a row lock. */
export interface LoginThrottleTable { key: string; failures: Generated<number>; last_failed_at: Timestamp | null; next_allowed_at: Timestamp | null }

export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
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
  login_throttle: LoginThrottleTable;
}

// ---- Exams (migrations/0006_exam.ts); merged into DB by interface merging. ----
type Num = ColumnType<number, number | string, number | string>;
export type ExamMode = 'single' | 'multi' | 'joint';
export type QuestionType = 'single' | 'multiple' | 'judge' | 'fill' | 'subjective';
export interface ExamTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  exam_type: number;
  grade_id: number;
  semester_id: number | null;
  mode: Generated<ExamMode>;
  start_date: DateCol;
  end_date: DateCol;
  /** 1 设置中, 2 录入成绩, 3 待发布, 4 已发布 (see exam.status.ts). */
  status: Generated<number>;
  progress: Generated<number>;
  /** Scores the present students need and how many are stored (0043; exam.completeness.ts). */
  score_cells_needed: Generated<number>;
  score_cells_done: Generated<number>;
  reference_exam_id: number | null;
  released_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ExamSubjectTable {
  id: Generated<number>;
  exam_id: number;
  course_code: string;
  course_name: string;
  full_score: Num;
  exam_date: DateCol | null;
  flow_status: Generated<string>;
  sort: Generated<number>;
}
export interface ExamStudentTable {
  id: Generated<number>;
  exam_id: number;
  student_id: number;
  class_id: number;
  exam_no: string;
  room: Generated<string>;
  seat: number | null;
  registration_type: Generated<string>;
}
export interface QuestionGroupTable {
  id: Generated<number>;
  exam_subject_id: number;
  name: string;
  sort: Generated<number>;
}
export interface QuestionTable {
  id: Generated<number>;
  exam_subject_id: number;
  no: string;
  parent_no: string | null;
  sort: Generated<number>;
  type: QuestionType;
  full_score: Num;
  step: ColumnType<number, number | string | undefined, number | string>;
  answer: string | null;
  /** Points of a multiple-choice answer that misses options without a wrong one; null = half the full score. */
  partial_score: ColumnType<number | null, number | string | null, number | string | null>;
  group_id: number | null;
  knowledge_points: Generated<string[]>;
  is_total: Generated<boolean>;
  /** 选做 group label (migrations/0019_elective.ts): questions sharing it are answered elective_pick of. */
  elective_group: ColumnType<string | null, string | null | undefined, string | null>;
  elective_pick: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface QuestionScoreTable {
  exam_student_id: number;
  question_id: number;
  score: Num;
  choice: string | null;
}
export interface SubjectAbsenceTable { exam_student_id: number; exam_subject_id: number }
export interface ExamSettingTable {
  id: Generated<number>;
  exam_id: number;
  course_code: string | null;
  family: string;
  value: ColumnType<unknown, string, string>;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface ScoreCorrectionTable {
  id: Generated<number>;
  exam_id: number;
  exam_student_id: number;
  question_id: number;
  old_score: Num;
  new_score: Num;
  reason: Generated<string>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  applied_by: number | null;
  applied_at: Timestamp;
  approved_by: number | null;
  approved_at: Timestamp | null;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  exam: ExamTable;
  exam_subject: ExamSubjectTable;
  exam_student: ExamStudentTable;
  question_group: QuestionGroupTable;
  question: QuestionTable;
  question_score: QuestionScoreTable;
  subject_absence: SubjectAbsenceTable;
  exam_setting: ExamSettingTable;
  score_correction: ScoreCorrectionTable;
}

// ---- Release (migrations/0007_release.ts).
export interface ExamReportTable {
  exam_id: number;
  version: number;
  computed_at: Timestamp;
  data: ColumnType<unknown, string, string>;
}
/** One variant's report of a released exam's set (migrations/0084_report_parts.ts). */
export interface ExamReportPartTable {
  exam_id: number;
  variant: string;
  report: string;
  version: number;
  /** JSON text of one report (migrations/0094_report_part_text.ts). */
  data: string;
}
export interface StudentScoreTable {
  exam_id: number;
  exam_student_id: number;
  /** A subject's course code, or 'TOTAL'. */
  course_code: string;
  score: ColumnType<number | null, number | string | null, number | string | null>;
  class_rank: number | null;
  grade_rank: number | null;
}
export interface ScoreCorrectionTable { reject_reason: Generated<string> }
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  exam_report: ExamReportTable;
  exam_report_part: ExamReportPartTable;
  student_score: StudentScoreTable;
}

// ---- Answer cards (migrations/0008_answer_card.ts).
export interface AnswerCardTable {
  id: Generated<number>;
  school_id: number;
  exam_subject_id: number;
  /** The card maker's settings (@jz/shared/api/card CardSettings). */
  settings: ColumnType<unknown, string, string>;
  /** The printed CardLayout (packages/report-templates). */
  layout: ColumnType<unknown, string, string>;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  answer_card: AnswerCardTable;
}

// ---- Student portal (migrations/0011_student_portal_setting.ts).
export interface StudentPortalSettingTable {
  school_id: number;
  show_class_rank: Generated<boolean>;
  show_grade_rank: Generated<boolean>;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  student_portal_setting: StudentPortalSettingTable;
}

// ---- Phone and WeChat sign-in (migrations/0013_external_login.ts).
export interface UserBindingTable {
  id: Generated<number>;
  user_id: number;
  kind: 'phone' | 'wechat';
  value: string;
  created_at: Generated<Timestamp>;
}
export interface PhoneCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: 'bind' | 'login' | 'reset';
  user_id: number | null;
  code_hash: string;
  fails: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}
export interface WechatStateTable {
  state: string;
  purpose: 'login' | 'bind';
  user_id: number | null;
  status: Generated<'waiting' | 'done' | 'unbound' | 'failed' | 'taken'>;
  result_user_id: number | null;
  message: string | null;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  user_binding: UserBindingTable;
  phone_code: PhoneCodeTable;
  wechat_state: WechatStateTable;
}

// ---- Jobs (migrations/0010_jobs.ts).
export type JobStateCol = 'queued' | 'running' | 'done' | 'failed';
export interface JobTable {
  id: string;
  kind: string;
  school_id: number | null;
  exam_id: number | null;
  created_by: number | null;
  state: Generated<JobStateCol>;
  progress: Generated<number>;
  step: Generated<number>;
  message: Generated<string>;
  params: ColumnType<unknown, string | null | undefined, string | null>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  attempts: Generated<number>;
  locks_exam: Generated<boolean>;
  runner: Generated<'job' | 'render'>;
  worker: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  heartbeat_at: Timestamp;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  job: JobTable;
}

// ---- Scanning (migrations/0014_scanning.ts).
export interface ScanBatchTable {
  id: Generated<number>;
  school_id: number;
  exam_id: number;
  exam_subject_id: number;
  no: number;
  name: string;
  duplex: Generated<boolean>;
  rescan_exam_student_id: number | null;
  status: Generated<'uploading' | 'recognizing' | 'done'>;
  card_layout: ColumnType<unknown, string | null | undefined, string | null>;
  file_count: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  /** A retry queueing the batch's jobs since then (0031; null = none). */
  retrying_at: Timestamp | null;
}
export interface ScanPageTable {
  id: Generated<number>;
  school_id: number;
  batch_id: number;
  exam_subject_id: number;
  file_seq: number;
  file_index: Generated<number>;
  file_name: string;
  source_key: string | null;
  status: Generated<'pending' | 'ok' | 'abnormal' | 'deleted'>;
  recognized: Generated<boolean>;
  image_key: string | null;
  width: number | null;
  height: number | null;
  rec: ColumnType<unknown, string | null | undefined, string | null>;
  intrinsic_kind: string | null;
  intrinsic_reason: string | null;
  page_no: number | null;
  read_exam_no: string | null;
  read_exam_student_id: number | null;
  absent: Generated<boolean>;
  claim_exam_student_id: number | null;
  confirmed: ColumnType<unknown, string | null | undefined, string | null>;
  exam_student_id: number | null;
  abnormal_kind: string | null;
  reason: string | null;
  /** The sheet (一份答题卡) of the page: id of the sheet's first page (0042; null until the subject is resolved again). */
  sheet_id: number | null;
  /** Stored size of the uploaded file while it is kept, on its first row (0031). */
  source_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
  created_at: Timestamp;
}
export interface ScanStudentTable {
  exam_subject_id: number;
  exam_student_id: number;
  school_id: number;
  state: 'absent' | 'abnormal' | 'uploaded';
  duplicate: Generated<boolean>;
  claimed: Generated<boolean>;
  abnormal_kind: string | null;
  pages: ColumnType<number[], number[] | undefined, number[]>;
  score_key: string | null;
  objective_score: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** 选做 choices read per card group (0019): { "22/23": "22" | null }. */
  elective: ColumnType<Record<string, string | null> | null, string | null | undefined, string | null>;
}
export interface ScanOperatorTable {
  exam_subject_id: number;
  user_id: number;
  school_id: number;
  created_at: Timestamp;
}
// ---- Subject candidates and exam rooms (migrations/0017_subject_students_rooms.ts).
export interface ExamSubjectExcludedTable {
  exam_subject_id: number;
  exam_student_id: number;
  school_id: number;
}
export interface ExamRoomTable {
  id: Generated<number>;
  school_id: number;
  exam_id: number;
  name: string;
  capacity: number;
  sort: Generated<number>;
}
export interface SheetTemplateTable {
  exam_subject_id: number;
  school_id: number;
  image_key: string;
  width: number;
  height: number;
  template: ColumnType<unknown, string, string>;
  drawing: ColumnType<unknown, string | null, string | null>;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  scan_batch: ScanBatchTable;
  sheet_template: SheetTemplateTable;
  exam_subject_excluded: ExamSubjectExcludedTable;
  exam_room: ExamRoomTable;
  scan_page: ScanPageTable;
  scan_student: ScanStudentTable;
  scan_operator: ScanOperatorTable;
}

// ---- Online marking (migrations/0018_marking.ts).
type Json = ColumnType<unknown, string | null | undefined, string | null>;
export interface MarkingBlockTable {
  id: Generated<number>;
  school_id: number;
  exam_id: number;
  exam_subject_id: number;
  name: string;
  sort: Generated<number>;
  rating_mode: Generated<number>;
  tolerance: ColumnType<number, number | string | undefined, number | string>;
  allocation: Generated<'average' | 'free' | 'class'>;
  lease_seconds: Generated<number>;
  leader_user_id: number | null;
  answer_text: Generated<string>;
  answer_images: ColumnType<unknown, string | undefined, string>;
  can_mark: Generated<boolean>;
  /** {page, x, y, w, h} normalised page coordinates (migrations/0027_block_region.ts); null = the card's areas. */
  region: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** 个人一致性: re-check every N submitted papers (0026); 0 = off. */
  recheck_interval: Generated<number>;
  /** 试评: trial papers every marker marks first (0026); 0 = off. */
  trial_count: Generated<number>;
}
export interface MarkingBlockQuestionTable {
  block_id: number;
  question_id: number;
  exam_subject_id: number;
  sort: Generated<number>;
  points: ColumnType<unknown, string | undefined, string>;
}
export interface MarkingMarkerTable {
  block_id: number;
  user_id: number;
  school_id: number;
  quota: number | null;
  class_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_at: Timestamp;
}
export interface MarkingPaperTable {
  id: Generated<number>;
  school_id: number;
  block_id: number;
  exam_student_id: number;
  class_id: number;
  image_keys: ColumnType<string[], string[] | undefined, string[]>;
  status: Generated<'marking' | 'third' | 'arbitration' | 'problem' | 'final'>;
  final_scores: Json;
  final_total: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  final_via: string | null;
  written: Generated<boolean>;
  updated_at: Timestamp;
  /** A 选做 block's paper: the question the student chose (0019); null otherwise. */
  chosen_question_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Which box of a K > 1 选做 group the paper is (1 otherwise). */
  slot: ColumnType<number, number | undefined, number>;
}
export interface MarkingTaskTable {
  id: Generated<number>;
  school_id: number;
  block_id: number;
  paper_id: number;
  round: number;
  marker_id: number | null;
  lease_until: Timestamp | null;
  scores: Json;
  total: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  submitted_at: Timestamp | null;
  request_id: string | null;
}
export interface MarkingProblemTable {
  id: Generated<number>;
  school_id: number;
  block_id: number;
  paper_id: number;
  task_id: number | null;
  kind: 'blank' | 'unclear' | 'wrongBlock' | 'copying' | 'other';
  note: Generated<string>;
  reporter_id: number | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  resolution: string | null;
}
export interface MarkingAuditTable {
  id: Generated<number>;
  school_id: number;
  exam_subject_id: number;
  block_id: number | null;
  paper_id: number | null;
  exam_student_id: number | null;
  user_id: number | null;
  at: Timestamp;
  kind: string;
  old: Json;
  new: Json;
  reason: Generated<string>;
  request_id: string | null;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  marking_block: MarkingBlockTable;
  marking_block_question: MarkingBlockQuestionTable;
  marking_marker: MarkingMarkerTable;
  marking_paper: MarkingPaperTable;
  marking_task: MarkingTaskTable;
  marking_problem: MarkingProblemTable;
  marking_audit: MarkingAuditTable;
}

// ---- Live marking monitor (migrations/0023_marking_live.ts).
export interface MarkingChangeTable {
  exam_id: number;
  /** 0028: one of the exam's version rows; the exam's version is their sum. */
  shard: Generated<number>;
  school_id: number;
  version: ColumnType<string, number | string | undefined, number | string>;
  changed_at: Generated<Date>;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  marking_change: MarkingChangeTable;
}

// ---- 个人一致性 and 试评 (migrations/0026_marking_trial.ts).
export interface MarkingCheckTable {
  id: Generated<number>;
  school_id: number;
  block_id: number;
  paper_id: number;
  marker_id: number;
  kind: 'recheck' | 'trial';
  task_id: number | null;
  attempt: Generated<number>;
  lease_until: Timestamp | null;
  scores: Json;
  total: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  original_total: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  skipped: Generated<boolean>;
  submitted_at: Timestamp | null;
  request_id: string | null;
  created_at: Generated<Date>;
}
export interface MarkingTrialPaperTable {
  block_id: number;
  paper_id: number;
  school_id: number;
  scores: ColumnType<unknown, string, string>;
  total: ColumnType<number, number | string, number | string>;
  set_by: number | null;
  set_at: Generated<Date>;
}
export interface MarkingTrialMarkerTable {
  block_id: number;
  user_id: number;
  school_id: number;
  attempt: Generated<number>;
  passed_at: Timestamp | null;
  passed_by: number | null;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  marking_check: MarkingCheckTable;
  marking_trial_paper: MarkingTrialPaperTable;
  marking_trial_marker: MarkingTrialMarkerTable;
}

// ---- 选对一项得分 (migrations/0045_option_score.ts) and the school's analysis defaults (0046).
export interface QuestionTable {
  /** Multiple choice: points per key option chosen when the answer is correct but incomplete; null = partial_score rule. */
  option_score: ColumnType<number | null, number | string | null | undefined, number | string | null>;
}
export interface SchoolAnalysisSettingTable {
  school_id: number;
  family: string;
  value: ColumnType<unknown, string, string>;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface AssistantMessageTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  role: 'user' | 'assistant';
  content: string;
  exam_id: number | null;
  model: Generated<string>;
  sources: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}
export interface AssistantCallTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  at: Timestamp;
}
export interface AssistantSchoolSettingTable {
  school_id: number;
  share_student_names: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}
export interface DB {
  assistant_message: AssistantMessageTable;
  assistant_call: AssistantCallTable;
  assistant_school_setting: AssistantSchoolSettingTable;
  school_analysis_setting: SchoolAnalysisSettingTable;
}

// ---- Joint exams (migrations/0051_joint_exam.ts; docs/DOMAIN-RULES.md §7).
export type SchoolKind = 'school' | 'bureau';
export interface SchoolTable { kind: Generated<SchoolKind> }
export interface ExamTable {
  /** A joint exam's code a school types to join (teach/user/examAddUser); null = join by invitation only. */
  registration_code: string | null;
  /** Other schools appear to a school as 学校A, 学校B … (true) or by name (false). */
  anonymise_schools: Generated<boolean>;
}
export interface ExamStudentTable { school_id: number }
export type ExamSchoolStatus = 'invited' | 'joined' | 'confirmed' | 'withdrawn';
export interface ExamSchoolTable {
  exam_id: number;
  school_id: number;
  /** The school's two digits of the joint 考号 (01–99). */
  code: number;
  status: Generated<ExamSchoolStatus>;
  class_ids: Generated<number[]>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}
export interface DB {
  exam_school: ExamSchoolTable;
}
/** How a joint exam's subject is scored (migrations/0081_joint_scoring.ts): 学校导入 / 各校阅卷 / 混合阅卷. */
export type JointScoring = 'import' | 'school_marking' | 'mixed_marking';
export interface ExamSubjectTable { joint_scoring: Generated<JointScoring> }

// ---- 混合阅卷 (migrations/0080_joint_marking.ts): a school's share of a joint exam's block.
export interface MarkingSchoolShareTable {
  exam_id: number;
  block_id: number;
  school_id: number;
  percent: number;
}
export interface DB {
  marking_school_share: MarkingSchoolShareTable;
}

// ---- Question bank (migrations/0075_question_bank.ts; docs/DOMAIN-RULES.md §11).
export interface BankKnowledgePointTable {
  id: Generated<number>;
  school_id: number;
  course_code: string;
  parent_id: number | null;
  name: string;
  sort: Generated<number>;
  created_at: Generated<Date>;
}
export interface BankQuestionTable {
  id: Generated<number>;
  school_id: number;
  course_code: string;
  type: 'single' | 'multiple' | 'judge' | 'fill' | 'subjective';
  stem: string;
  options: ColumnType<unknown, string | undefined, string>;
  answer: Generated<string>;
  analysis: Generated<string>;
  /** numeric: read as a string. */
  difficulty: ColumnType<string | null, number | null | undefined, number | null>;
  discrimination: ColumnType<string | null, number | null | undefined, number | null>;
  tags: Generated<string[]>;
  source_exam_id: number | null;
  source_question_id: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface BankQuestionPointTable {
  question_id: number;
  point_id: number;
}
/** 组卷 kept with its order and section headings (migrations/0092_bank_paper.ts). */
export interface BankPaperTable {
  id: Generated<number>;
  school_id: number;
  course_code: string;
  title: string;
  /** [{ questionId, score, section }] in paper order. */
  items: ColumnType<unknown, string | undefined, string>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface DB {
  bank_knowledge_point: BankKnowledgePointTable;
  bank_question: BankQuestionTable;
  bank_question_point: BankQuestionPointTable;
  bank_paper: BankPaperTable;
}

// ---- 0071 teacher sign-up
export interface SchoolSignUpTable {
  school_id: number;
  enabled: Generated<boolean>;
  code: string;
  updated_by: number | null;
  updated_at: Timestamp;
}
export type SignUpStatus = 'pending' | 'approved' | 'rejected';
export interface SignUpRequestTable {
  id: Generated<number>;
  school_id: number;
  login_id: string;
  name: string;
  phone: Generated<string>;
  password_hash: string;
  status: Generated<SignUpStatus>;
  reason: Generated<string>;
  user_id: number | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
}
export interface DB {
  school_sign_up: SchoolSignUpTable;
  sign_up_request: SignUpRequestTable;
}
