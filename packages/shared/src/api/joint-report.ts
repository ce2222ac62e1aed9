/**
 * Joint exam reports (联考报告, the spec's joint_analysis family): the single-school reports of
 * packages/shared/src/api/report.ts over the joint report set, at their own paths, plus 校际对比 (schoolContrast)
 * and one candidate's scores with joint and school ranks (showStudentInfo). Same query, same answers, same
 * `_export` xlsx variants.
 *
 * Who sees what (decided on the server): the organiser every school and class (classes named with their school);
 * a participating school (exam_school confirmed) its own classes and students by name, the other schools only as
 * rows of 校际对比, named or 学校A, 学校B … (letter by exam_school.code) as the organiser set; its teachers their
 * own classes as in the school's reports. A school that withdrew, or never took part: refused. `classId` 0 is the
 * caller's visible classes against the joint figures; `gradeRank` is the joint rank.
 */
import { z } from 'zod';
import { reportMetaSchema, reportQuery, transcriptRowSchema, transcriptSchema } from './report.js';
import { id } from './common.js';

export { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from './joint-report-paths.js';

/** 联考成绩单: the transcript with the candidate's school and its rank inside the school (gradeRanks = joint). */
export const jointTranscriptSchema = transcriptSchema.extend({
  records: z.array(transcriptRowSchema.extend({ schoolName: z.string(), schoolRanks: z.array(z.number().nullable()) })),
});
export type JointTranscript = z.infer<typeof jointTranscriptSchema>;

const rate = z.object({ key: z.string(), name: z.string(), thresholdScore: z.number(), below: z.boolean(), count: z.number(), share: z.number().nullable() });
const band = z.object({ label: z.string(), maxRank: z.number(), count: z.number(), share: z.number().nullable() });

/** 校际对比: per column, the joint figures and one row per school (own first flag, names as the caller may see). */
export const schoolContrastSchema = z.object({
  meta: reportMetaSchema,
  anonymised: z.boolean(),
  tables: z.array(z.object({
    code: z.string(), name: z.string(), fullScore: z.number(), isTotal: z.boolean(),
    joint: z.object({ count: z.number(), mean: z.number().nullable(), sd: z.number().nullable(), rates: z.array(rate), bands: z.array(band.omit({ share: true })) }),
    rows: z.array(z.object({
      schoolName: z.string(), own: z.boolean(), count: z.number(), mean: z.number().nullable(), sd: z.number().nullable(),
      overMeanRate: z.number().nullable(), meanRank: z.number().nullable(), rates: z.array(rate), bands: z.array(band),
    })),
  })),
});
export type SchoolContrast = z.infer<typeof schoolContrastSchema>;

export const studentInfoQuery = reportQuery.extend({ examStudentId: id });
/** One candidate: per visible column the score, class rank, school rank and joint rank. */
export const studentInfoSchema = z.object({
  examStudentId: z.number(), admissionNo: z.string(), name: z.string(), schoolName: z.string(), className: z.string(),
  columns: z.array(z.object({
    code: z.string(), name: z.string(), fullScore: z.number(), score: z.number().nullable(),
    classRank: z.number().nullable(), schoolRank: z.number().nullable(), jointRank: z.number().nullable(),
  })),
});
export type StudentInfo = z.infer<typeof studentInfoSchema>;
