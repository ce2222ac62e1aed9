import { useCallback, useEffect, useRef, useState } from 'react';
import { createRenderJob, downloadRenderJob, getRenderJob, type CreateRenderJobBody, type RenderJob } from '@/api/render';
import { usePolling } from '@/hooks/usePolling';
import { saveBlob } from '@/utils/request';

/** Poll interval of a running job (ms). */
export const POLL_MS = 800;

export interface RenderJobView {
  /** The modal is shown. */
  open: boolean;
  title: string;
  /** The job as last polled (null while it is being created). */
  job: RenderJob | null;
  /** Refusal of the create call or of a poll (Chinese message from the server). */
  error: string | null;
  downloading: boolean;
  /** What happens by itself once the file is ready (one click for the user, not two). */
  auto: AutoAction;
  /** The automatic download or print has run. */
  delivered: boolean;
}

/** download: the file is saved at once; print: the PDF opens for printing (saved when a pop-up is blocked); none: wait for 下载. */
export type AutoAction = 'download' | 'print' | 'none';

/**
 * One render job at a time: start(body) creates it, then its state and progress are polled until it is
 * completed or failed; download() saves the file under the server's name; close() stops polling.
 */
export function useRenderJob() {
  const [view, setView] = useState<RenderJobView>({ open: false, title: '', job: null, error: null, downloading: false, auto: 'download', delivered: false });
  const jobId = useRef('');
  // a failed poll (network hiccup) keeps polling; a refusal or a finished job ends it
  const polling = usePolling(async (isCurrent) => {
    const res = await getRenderJob(jobId.current);
    if (!isCurrent()) return false;
    if (res.code !== 200 || !res.data) { setView((v) => ({ ...v, error: res.msg || '查询任务失败' })); return false; }
    const job = res.data;
    setView((v) => ({ ...v, job }));
    return job.state !== 'completed' && job.state !== 'failed';
  }, { interval: POLL_MS });
  const { stop } = polling;
  // the create call belongs to the same run: stop() or a new start() makes its answer stale
  const run = useRef(0);
  useEffect(() => () => { run.current++; }, []);

  const start = useCallback(async (body: CreateRenderJobBody, title: string, auto: AutoAction = 'download') => {
    stop();
    const mine = ++run.current;
    setView({ open: true, title, job: null, error: null, downloading: false, auto, delivered: false });
    try {
      const res = await createRenderJob(body);
      if (mine !== run.current) return;
      if (res.code !== 200 || !res.data) { setView((v) => ({ ...v, error: res.msg || '创建任务失败' })); return; }
      const id = res.data.jobId;
      jobId.current = id;
      setView((v) => ({ ...v, job: { jobId: id, type: body.type, state: 'waiting', progress: 0, error: null, fileName: '', createdAt: 0 } }));
      polling.start();
    } catch {
      if (mine === run.current) setView((v) => ({ ...v, error: '创建任务失败，请稍后重试' }));
    }
  }, [polling, stop]);

  /** Fetches the finished file; returns it (for printing) after saving it unless `save` is false. */
  const fetchFile = useCallback(async (save = true, job = view.job): Promise<{ blob: Blob; filename: string } | null> => {
    if (!job || job.state !== 'completed') return null;
    setView((v) => ({ ...v, downloading: true }));
    try {
      const res = await downloadRenderJob(job.jobId);
      if (!('blob' in res)) { setView((v) => ({ ...v, error: res.msg || '下载失败' })); return null; }
      const file = { blob: res.blob, filename: res.filename || job.fileName };
      if (save) saveBlob(file.blob, file.filename);
      return file;
    } catch {
      setView((v) => ({ ...v, error: '下载失败，请稍后重试' }));
      return null;
    } finally {
      setView((v) => ({ ...v, downloading: false }));
    }
  }, [view.job]);

  const download = useCallback(() => fetchFile(true), [fetchFile]);

  /** Opens the finished PDF in a new tab, where the browser's viewer prints it. */
  const print = useCallback(async (job = view.job) => {
    const file = await fetchFile(false, job);
    if (!file) return;
    const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
    const w = window.open(url, '_blank');
    if (!w) saveBlob(file.blob, file.filename);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }, [fetchFile, view.job]);

  // The file is delivered by itself once, when the job completes.
  const { job, auto, delivered, open } = view;
  useEffect(() => {
    if (!open || delivered || auto === 'none' || job?.state !== 'completed') return;
    setView((v) => ({ ...v, delivered: true }));
    void (auto === 'print' ? print(job) : fetchFile(true, job));
  }, [open, delivered, auto, job, print, fetchFile]);

  const close = useCallback(() => { stop(); run.current++; setView((v) => ({ ...v, open: false })); }, [stop]);

  return { ...view, start, download, print, close };
}

export type RenderJobHandle = ReturnType<typeof useRenderJob>;
