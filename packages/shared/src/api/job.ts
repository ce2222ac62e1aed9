// Jobs of the job layer (release, imports, rendering, recognition): the poll every api instance answers from
// the job table, and the answer of a route that started a job and did not wait for its end.
import { z } from 'zod';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Body code of a route that started a job still running when it answered: poll GET /jobs/{jobId}. */
export const JOB_ACCEPTED_CODE = 202;

export const jobAcceptedSchema = z.object({ jobId: z.string() });
export type JobAccepted = z.infer<typeof jobAcceptedSchema>;

export const jobParams = z.object({ id: z.string().regex(/^[0-9A-Za-z-]{1,64}$/, '任务编号格式不正确') });

export const jobSchema = z.object({
  jobId: z.string(),
  /** release, import.questionScore, import.totalScore, import.students, render.report, … */
  kind: z.string(),
  state: z.enum(JOB_STATES),
  /** 0–100. */
  progress: z.number(),
  /** What the job is doing now (Chinese). */
  message: z.string(),
  /** Chinese message when failed. */
  error: z.string().nullable(),
  /** When failed: the code and data the route would have answered with (e.g. 400 and data.errors of an import). */
  errorCode: z.number().nullable(),
  errorData: z.unknown(),
  /** When done: what the route would have answered with as data. */
  result: z.unknown(),
  /** ISO times. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
