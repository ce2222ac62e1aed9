import { asHtml, http, type HtmlResult } from '@/utils/request';
import type { CreateRenderJobBody, RenderJob } from '@jz/shared/api/render';

// Types mirror packages/shared/src/api/render.ts (types only: the zod schemas stay out of the bundle).
export type { CreateRenderJobBody, RenderJob, RenderJobState, RenderJobType, RenderFormat } from '@jz/shared/api/render';

/** 创建渲染任务（分析报告 PDF、成绩条、答题卡、报告 Excel） */
export const createRenderJob = (body: CreateRenderJobBody) => http.post<{ jobId: string }>('/render/jobs', body);
/** 查询渲染任务的状态与进度 */
export const getRenderJob = (jobId: string) => http.get<RenderJob>(`/render/jobs/${encodeURIComponent(jobId)}`);
/** 下载渲染结果（PDF / zip / xlsx；拒绝时为 JSON） */
export const downloadRenderJob = (jobId: string) => http.download(`/render/jobs/${encodeURIComponent(jobId)}/file`);
/** 分析报告打印预览：与打印 / 下载PDF 相同的页面（HTML；拒绝时为 JSON） */
export const previewReport = async (body: CreateRenderJobBody): Promise<HtmlResult> =>
  asHtml(await http.download('/render/report_preview', body, 'POST'));
