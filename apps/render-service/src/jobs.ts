// The render job model shared by both queue implementations.
import { z } from 'zod';

export const JOB_TYPES = ['card', 'slips', 'report', 'excel'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

/** Who asked for the job: the api checks school and user before handing out the file. */
export interface JobOwner {
  schoolId: string | number;
  userId: string | number;
}

export interface JobInfo {
  id: string;
  type: JobType;
  state: JobState;
  /** 0–100. */
  progress: number;
  /** Chinese message when failed. */
  error?: string;
  /** Absolute path of the result file when completed. */
  resultPath?: string;
  owner: JobOwner;
  /** 10-digit Unix timestamps (seconds). */
  createdAt: number;
  finishedAt?: number;
  /** Attempts made so far (retries after transient errors). */
  attempts: number;
}

/** Bad input: never retried (BullMQ UnrecoverableError); the message is shown to the user. */
export class BadInputError extends Error {
  override name = 'BadInputError';
}

export const JobOwnerSchema = z.object({
  schoolId: z.union([z.string().min(1), z.number()]),
  userId: z.union([z.string().min(1), z.number()]),
});

export const RESULT_EXT: Record<JobType, 'pdf' | 'xlsx'> = { card: 'pdf', slips: 'pdf', report: 'pdf', excel: 'xlsx' };

export const clampProgress = (p: number) => Math.max(0, Math.min(100, Math.round(p)));
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A Chinese message for a failure that is not bad input. */
export function transientMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return `渲染失败，请稍后重试（${msg.split('\n')[0].slice(0, 200)}）`;
}
