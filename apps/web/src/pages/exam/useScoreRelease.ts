import { useCallback, useEffect, useRef, useState } from 'react';
import { checkRelease, findPublishProgress, releaseScores, type ReleaseCheck, type ReleaseProgress } from '@/api/release';
import { feedbackMessage, loadData } from '@/components/table';
import { usePolling } from '@/hooks/usePolling';

/**
 * State of the release on the score upload page: the check (what stops the release, per subject and marking block;
 * read again after every import and release) and the release's progress, polled every second while it runs.
 */
export function useScoreRelease(examId: number | null, onFinished: () => void) {
  const [progress, setProgress] = useState<ReleaseProgress | null>(null);
  const [check, setCheck] = useState<ReleaseCheck | null>(null);
  const [starting, setStarting] = useState(false);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  // the first look (on opening the page) shows a finished release without calling onFinished
  const first = useRef(true);

  const reloadCheck = useCallback(async () => {
    if (!examId) return null;
    const c = await loadData(checkRelease(examId), null as ReleaseCheck | null);
    setCheck(c);
    return c;
  }, [examId]);
  useEffect(() => { void reloadCheck(); }, [reloadCheck]);

  const { start: poll } = usePolling(async () => {
    if (!examId) return false;
    const res = await findPublishProgress(examId);
    const wasFirst = first.current;
    first.current = false;
    if (res.code === 200 && res.data) {
      setProgress(res.data);
      if (res.data.state === 'running') return true;
      if (!wasFirst) { finished.current(); void reloadCheck(); }
    } else if (res.code !== 401 && res.code !== 200) {
      feedbackMessage().error(res.msg || '查询发布进度失败');
    }
    return false;
  }, { interval: 1000, retryInterval: 3000 });

  useEffect(() => { first.current = true; poll(true); }, [poll, examId]);

  const start = async () => {
    if (!examId) return;
    setStarting(true);
    try {
      const res = await releaseScores(examId);
      if (res.code === 200) {
        if (res.data) setProgress(res.data);
        first.current = false;
        poll(true);
      } else if (res.code !== 401) feedbackMessage().error(res.msg || '发布失败');
    } catch {
      feedbackMessage().error('发布失败，请稍后重试');
    } finally {
      setStarting(false);
    }
  };
  return { progress, check, reloadCheck, starting, start };
}
