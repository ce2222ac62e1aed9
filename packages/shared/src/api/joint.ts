/**
 * Joint exams (联考, docs/DOMAIN-RULES.md §7): the organiser's exam, the participating schools and how they join.
 * The spec's own paths: teach/user/getUserByRegistrationCode/{registrationCode} and teach/user/examAddUser; the rest
 * is the joint_exam family.
 */
import { z } from 'zod';
import { id } from './common.js';
import { addExamBody, subjectInputSchema } from './exam.js';

export const examSchoolStatusSchema = z.enum(['invited', 'joined', 'confirmed', 'withdrawn']);
/** How a subject gets its scores: 学校导入 (import), 各校阅卷 (school_marking), 混合阅卷 (mixed_marking). */
export const jointScoringSchema = z.enum(['import', 'school_marking', 'mixed_marking'], { message: '评分方式只能是学校导入、各校阅卷或混合阅卷' });

/** POST joint_exam/add: a joint exam with its subjects (no classes: each school confirms its own). */
export const addJointExamBody = addExamBody.omit({ classIds: true, referenceExamId: true }).extend({
  /** Each subject its own full score, and how its scores come in (学校导入 unless chosen). */
  subjects: z.array(subjectInputSchema.extend({ scoring: jointScoringSchema.default('import') })).min(1, '请至少选择一个科目').max(20),
  /** Schools invited at once (more can be invited later). */
  schoolIds: z.array(id).max(99, '联考最多 99 所学校').default([]),
  anonymiseSchools: z.boolean().default(true),
});
export type AddJointExamBody = z.infer<typeof addJointExamBody>;

export const registrationCodeSchema = z.string().trim().toUpperCase().regex(/^[A-Z0-9]{8}$/, '注册码为 8 位字母或数字');
export const registrationCodeParams = z.object({ registrationCode: registrationCodeSchema });
export const examAddUserBody = z.object({ registrationCode: registrationCodeSchema });

export const examIdBody = z.object({ examId: id });
export const inviteSchoolsBody = z.object({ examId: id, schoolIds: z.array(id).min(1, '请选择学校').max(99, '联考最多 99 所学校') });
export const confirmClassesBody = z.object({ examId: id, classIds: z.array(id).min(1, '请至少选择一个班级').max(99, '每校最多 99 个班级') });
export const anonymiseBody = z.object({ examId: id, anonymiseSchools: z.boolean() });
export const setScoringBody = z.object({ examId: id, courseCode: z.string().trim().min(1).max(20), scoring: jointScoringSchema });
export const jointPageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

/** One participating school as the caller may see it: named or 学校A …, its own row always named. */
export const jointSchoolSchema = z.object({
  schoolId: z.number().nullable().describe('另一学校匿名时为 null'),
  schoolName: z.string(),
  code: z.number().describe('考号前两位'),
  status: examSchoolStatusSchema,
  statusName: z.string(),
  classCount: z.number(),
  studentCount: z.number(),
  /** Scores the school's present candidates need and how many are stored (imported or marked). */
  scoreCellsNeeded: z.number(),
  scoreCellsDone: z.number(),
  /** Answer sheets (one per candidate and subject) scanned and attached to a candidate of the school. */
  scannedSheets: z.number(),
  /** Online-marking papers of the school's candidates, and how many have their final score. */
  markingPapers: z.number(),
  markedPapers: z.number(),
  /** 各校阅卷: per block of the 各校阅卷 subjects, the papers of the school's candidates and those final (confirmed schools). */
  markingBlocks: z.array(z.object({ courseName: z.string(), blockName: z.string(), papers: z.number(), marked: z.number() })),
  own: z.boolean(),
});
export type JointSchool = z.infer<typeof jointSchoolSchema>;

export const jointExamSchema = z.object({
  examId: z.number(),
  name: z.string(),
  examType: z.number(),
  gradeName: z.string(),
  organiserName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
  releasedAt: z.string().nullable(),
  subjects: z.array(z.object({ examSubjectId: z.number(), courseCode: z.string(), courseName: z.string(), fullScore: z.number(), scoring: jointScoringSchema })),
  /** organiser: the caller's tenant organises it; participant: the caller's school takes part. */
  role: z.enum(['organiser', 'participant']),
  /** The caller's school's state in the exam (null for an organiser that does not sit it). */
  myStatus: examSchoolStatusSchema.nullable(),
  registrationCode: z.string().nullable().describe('只有组织方可见'),
  anonymiseSchools: z.boolean(),
  schools: z.array(jointSchoolSchema),
});
export type JointExam = z.infer<typeof jointExamSchema>;

/** GET getUserByRegistrationCode: what the code opens, before the school joins. */
export const registrationLookupSchema = z.object({
  examId: z.number(),
  name: z.string(),
  organiserName: z.string(),
  gradeName: z.string(),
  subjects: z.array(z.string()),
  myStatus: examSchoolStatusSchema.nullable(),
});
