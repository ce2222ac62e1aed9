/**
 * An exam subject's steps (spec §4: flow/finished, flow/find_flow_status; the exam-state string examStateStr is
 * the finished steps joined with commas). Steps are recorded by the work itself (saving questions, saving the
 * card, scanning, entering scores, releasing); flow/finished records one by hand (e.g. 扫描 declared complete).
 */
import { z } from 'zod';
import { id } from './common.js';

export const FLOW_PATHS = { finished: 'flow/finished', find: 'flow/find_flow_status' } as const;

export const SUBJECT_FLOW_STEPS = [
  { key: 'question', name: '小题设置' },
  { key: 'answer', name: '标准答案' },
  { key: 'card', name: '答题卡' },
  { key: 'scan', name: '扫描' },
  { key: 'score', name: '成绩录入' },
  { key: 'release', name: '成绩发布' },
] as const;
export type FlowStep = (typeof SUBJECT_FLOW_STEPS)[number]['key'];
export const FLOW_STEP_KEYS = SUBJECT_FLOW_STEPS.map((s) => s.key) as [FlowStep, ...FlowStep[]];

export const flowQuery = z.object({ examSubjectId: id });
export const flowFinishedBody = z.object({ examSubjectId: id, flowStatus: z.enum(FLOW_STEP_KEYS, '未知的步骤') });

export const flowStatusSchema = z.object({
  examSubjectId: z.number(),
  /** Finished step keys in step order. */
  finished: z.array(z.string()),
  /** The finished steps joined with commas (examStateStr). */
  examStateStr: z.string(),
  steps: z.array(z.object({ key: z.string(), name: z.string(), done: z.boolean() })),
});
export type FlowStatus = z.infer<typeof flowStatusSchema>;
