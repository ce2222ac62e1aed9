import { http, type ApiResult } from '@/utils/request';
import { JOB_ACCEPTED_CODE, type Job, type JobAccepted } from '@jz/shared/api/job';

export type { Job };

/** 查询任务进度与结果 */
export const getJob = (jobId: string) => http.get<Job>(`/jobs/${jobId}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A route that runs its work as a job answers code 202 { jobId } when the job outlasts its wait: poll the job
 * until it ends and give back what the route would have answered (data, or the refusal's code, message, data).
 * Any other answer is returned as it is, so pages handle both alike.
 */
export async function settleJob<T>(res: ApiResult<unknown>, onProgress?: (job: Job) => void): Promise<ApiResult<T>> {
  if (res.code !== JOB_ACCEPTED_CODE) return res as ApiResult<T>;
  const { jobId } = res.data as JobAccepted;
  for (;;) {
    await sleep(1000);
    const r = await getJob(jobId);
    if (r.code !== 200) return r as unknown as ApiResult<T>;
    const job = r.data;
    onProgress?.(job);
    if (job.state === 'done') return { code: 200, msg: '导入成功', data: job.result as T };
    if (job.state === 'failed') return { code: job.errorCode ?? 400, msg: job.error ?? '任务失败', data: job.errorData as T };
  }
}
