// The render job model: the kinds the printing engine runs (through the api's job layer).

export const JOB_TYPES = ['card', 'slips', 'report', 'excel', 'labels', 'wrongbook'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Bad input: never retried; the message is shown to the user. */
export class BadInputError extends Error {
  override name = 'BadInputError';
}

export const RESULT_EXT: Record<JobType, 'pdf' | 'xlsx'> = { card: 'pdf', slips: 'pdf', report: 'pdf', excel: 'xlsx', labels: 'pdf', wrongbook: 'pdf' };

/** A Chinese message for a failure that is not bad input. */
export function transientMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return `渲染失败，请稍后重试（${msg.split('\n')[0].slice(0, 200)}）`;
}
