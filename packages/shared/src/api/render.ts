/**
 * Render jobs (PDF / zip / Excel made in the background as render jobs of the job layer, printed by apps/render-service):
 * POST render/jobs → { jobId }; poll GET render/jobs/:id (state, progress 0–100, Chinese error, fileName);
 * GET render/jobs/:id/file answers the file (only to the owner, or the owner's school administrator).
 * GET render/card_preview?examSubjectId answers the answer-sheet card as HTML (text/html) for the page preview;
 * POST render/report_preview (a report job's body) answers the report's printable pages as HTML (打印预览).
 *
 * Job types: report (printable analysis report, 908×1285 px pages), slips (成绩条, one A4 page per student, or
 * with layout strips several students per A4 page to cut apart),
 * card (答题卡 of one exam subject, A4), excel (the chosen reports as one xlsx), labels (条形码贴: sticky 考号
 * labels with Code 128 barcodes on A4 sheets of 3 × 8, ordered by exam room then seat, or by class then 考号;
 * needs exam:exam:view, teachers get their classes' students; examSubjectId = only that subject's students),
 * wrongbook (错题本 of one class, classIds = [that class], courseCode, threshold; wrongBookVersion 'students' = one
 * page per student; needs exam:exam:view, cut like the paper report of the class).
 * classIds empty = every class of the exam the caller may see; format 'zip' with several classes = one PDF per
 * class in a zip. classType / registrationType (and the transcript's fields / keyword) are the report pages'
 * filters: a report or Excel job shows the numbers those pages show with them. Refusals: another school's exam
 * 403, unknown exam 404, unreleased exam (report/slips/excel) 400 该考试成绩尚未发布, a class outside the caller's
 * scope 403, an unknown 学籍类型 400, no student in the classes 400 所选班级没有学生.
 * A joint exam's report / excel job reads the joint reports (its organiser every school, a confirmed participating
 * school its own classes; another school's class 403 无权打印其他学校班级的报告).
 */
import { z } from 'zod';
import { REPORT_KEYS, reportQuery, transcriptQuery, type ReportKey } from './report.js';

import { id, trimmed } from './common.js';

export const RENDER_JOB_TYPES = ['report', 'slips', 'card', 'excel', 'labels', 'wrongbook'] as const;
export type RenderJobType = (typeof RENDER_JOB_TYPES)[number];
export const RENDER_FORMATS = ['pdf', 'zip'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

/** labels: one group (and sheet run) per exam room in seat order, or per class in 考号 order. */
export const LABEL_ORDERS = ['room', 'class'] as const;
export type LabelOrder = (typeof LABEL_ORDERS)[number];

export const SLIP_LAYOUTS = ['page', 'strips'] as const;
export type SlipLayoutOption = (typeof SLIP_LAYOUTS)[number];

export const RENDER_PATHS = {
  jobs: 'render/jobs', // POST
  job: 'render/jobs/:id',
  file: 'render/jobs/:id/file',
  cardPreview: 'render/card_preview',
  /** POST, a report job's body: the report's printable pages as HTML (打印预览), what the report job prints. */
  reportPreview: 'render/report_preview',
} as const;

export const createRenderJobBody = z.object({
  type: z.enum(RENDER_JOB_TYPES),
  examId: id,
  /** Empty = every class of the exam the caller may see. */
  classIds: z.array(id).max(200).default([]),
  /** report / excel: '0' or absent = 总分 (or the caller's first subject); card: the exam subject's course code. */
  courseCode: trimmed().max(20).optional(),
  /** card: the exam subject (else found by courseCode). */
  examSubjectId: id.optional(),
  /** report / excel: report keys of REPORT_ROUTES (default: the main reports the caller may open). */
  reports: z.array(z.enum(REPORT_KEYS as [ReportKey, ...ReportKey[]])).max(REPORT_KEYS.length).optional(),
  /** pdf = one file; zip = one PDF per class (report, slips). */
  format: z.enum(RENDER_FORMATS).default('pdf'),
  /**
   * report / excel: the report filter's 班级类型, as in the report query ('' or '0' = all); slips and zips: only
   * the classes of that type.
   */
  classType: reportQuery.shape.classType.optional(),
  /** report / excel: the report filter's 学籍类型, as in the report query ('0' or '' = all); not applied to slips. */
  registrationType: reportQuery.shape.registrationType.optional(),
  /**
   * Joint exam, the organiser (report / excel): whose classes (0 = every school), as in the report query; absent: the
   * classes asked (classIds) of any school, or the report filter's default school.
   */
  schoolId: reportQuery.shape.schoolId,
  /** report / excel: the report filter's 成绩类型 (1 原始分, 2 等级赋分); slips always print 原始分. */
  scoreType: reportQuery.shape.scoreType.optional(),
  /** report / excel with the 成绩单 (transcript): its columns and name / 考号 search, as in the transcript query. */
  fields: transcriptQuery.shape.fields.optional(),
  keyword: transcriptQuery.shape.keyword,
  totalPosition: z.enum(['first', 'last']).optional(),
  /**
   * Joint exam (report / excel): print 校际对比 first (default true); `reports` absent = 成绩总览, 班级对比, 学科对比,
   * `reports` [] = 校际对比 only. The other schools are named or 学校A… as the organiser set, decided on the server.
   */
  schoolContrast: z.boolean().optional(),
  /** slips: 'page' (default) one student per A4 page; 'strips' several students per A4 page with cut lines (成绩条). */
  layout: z.enum(SLIP_LAYOUTS).optional(),
  /** labels: 'room' (default) exam room then seat, candidates without a room last; 'class' class then 考号. */
  labelOrder: z.enum(LABEL_ORDERS).optional(),
  /** wrongbook: questions whose class score rate is below this (default 0.6). */
  threshold: z.number().min(0, '阈值应在 0 到 1 之间').max(1, '阈值应在 0 到 1 之间').optional(),
  /** wrongbook: 'class' (default) the class version, 'students' each student's wrong questions on their own pages. */
  wrongBookVersion: z.enum(['class', 'students']).optional(),
  /** labels: only these exam rooms (names as in 考场编排); empty = every room. */
  rooms: z.array(trimmed().min(1).max(50)).max(500).optional(),
});
export type CreateRenderJobBody = z.input<typeof createRenderJobBody>;

export const renderJobCreatedSchema = z.object({ jobId: z.string() });

export const RENDER_JOB_STATES = ['waiting', 'active', 'completed', 'failed'] as const;
export type RenderJobState = (typeof RENDER_JOB_STATES)[number];
export const RENDER_STATE_LABELS: Record<RenderJobState, string> = { waiting: '排队中', active: '生成中', completed: '已完成', failed: '失败' };

export const renderJobSchema = z.object({
  jobId: z.string(),
  type: z.enum(RENDER_JOB_TYPES),
  state: z.enum(RENDER_JOB_STATES),
  /** 0–100. */
  progress: z.number(),
  /** Chinese message when failed. */
  error: z.string().nullable(),
  /** The download's name (考试名-…pdf / .zip / .xlsx). */
  fileName: z.string(),
  /** 10-digit Unix timestamp (seconds). */
  createdAt: z.number(),
});
export type RenderJob = z.infer<typeof renderJobSchema>;

/** Job ids are UUIDs (letters, digits, '-'). */
export const renderJobParams = z.object({ id: z.string().regex(/^[0-9A-Za-z-]{1,64}$/, '任务编号格式不正确') });
export const cardPreviewQuery = z.object({ examSubjectId: id });
