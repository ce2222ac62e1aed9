import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { message } from 'antd';
import {
  arbitrate, checkNext, findBlock, markingImageSrc, newRequestId, nextPaper, overrideScores, reportProblem, rescore, resolveProblem,
  setTrialPaper, submitScores, type TrialPaper, type ArbitrationRow, type MarkingBlockInfo, type MarkingPaper, type ProblemKind, type ProblemRow, type ReviewRow,
} from '@/api/marking';
import type { ApiResult } from '@/utils/request';
import { loadMarkingImage, releaseMarkingImage } from './imageCache';
import { scoreItems } from './panel/scoring';
import { useScorePanel } from './panel/useScorePanel';

/** Header modes of /markDetail (spec §2): 正评, 回评, 问题卷, 抽查, plus the leader's 仲裁, 改分记录 and 试评. */
export type MarkMode = 'normal' | 'review' | 'abnormal' | 'check' | 'arbitration' | 'audit' | 'trial';

/** What the panel is scoring now. */
export type MarkTarget =
  | { kind: 'mark'; paper: MarkingPaper }
  | { kind: 'rescore'; row: ReviewRow }
  | { kind: 'resolve'; row: ProblemRow }
  | { kind: 'arbitrate'; row: ArbitrationRow }
  | { kind: 'override'; paper: MarkingPaper & { paperId?: number } }
  /** 试评: the leader scores a paper as a trial paper (its reference score) */
  | { kind: 'trialRef'; paper: TrialPaper };

export const targetImage = (t: MarkTarget | null): string | null => {
  if (!t) return null;
  if (t.kind === 'mark' || t.kind === 'override') return markingImageSrc(t.paper);
  if (t.kind === 'trialRef') return markingImageSrc({ taskId: 0, imageUrl: t.paper.imageUrl });
  return markingImageSrc({ taskId: 'taskId' in t.row ? t.row.taskId : 0, imageUrl: t.row.imageUrl });
};

/** The 选做 question of what is scored (本卷选做第22题), if any. */
export const targetChosen = (t: MarkTarget | null): MarkingPaper['chosen'] => (!t ? undefined : 'paper' in t ? t.paper.chosen : t.row.chosen);

const leaseLeft = (p: MarkingPaper | null) => (p ? Date.parse(p.leaseExpiresAt) - Date.now() : 0);

/**
 * State of the marking page: the block, the paper being marked and the prefetched next one (its image loaded
 * ahead, so the next paper shows at once), the score panel, and the submit of whatever is being scored.
 */
export function useMarkDetail(blockId: number) {
  const [block, setBlock] = useState<MarkingBlockInfo | null>(null);
  const [error, setError] = useState('');
  const [mode, setModeState] = useState<MarkMode>('normal');
  const [target, setTarget] = useState<MarkTarget | null>(null);
  const [empty, setEmpty] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [reason, setReason] = useState('');
  // a 选做 paper is scored on the question the student chose only
  const chosen = targetChosen(target);
  const items = useMemo(() => scoreItems((block?.questions ?? []).filter((q) => !chosen || q.questionId === chosen.questionId)), [block, chosen]);
  const panel = useScorePanel(items);
  const { reset: resetPanel, say, ready } = panel;
  const busyRef = useRef(false);
  const prefetched = useRef<MarkingPaper | null>(null);
  const requestIds = useRef(new Map<string, string>());
  const current = useRef<MarkTarget | null>(null);
  current.current = target;

  /** One request id per thing scored, reused when the same submit is retried (the api is idempotent on it). */
  const requestIdFor = (key: string) => {
    let id = requestIds.current.get(key);
    if (!id) { id = newRequestId(); requestIds.current.set(key, id); }
    return id;
  };

  // Digits typed while a submit is on its way belong to the next paper: kept, and replayed when it shows.
  const pendingDigits = useRef<string[]>([]);
  const { typeKey } = panel;
  const typeDigit = useCallback((key: string) => {
    if (busyRef.current) pendingDigits.current.push(key);
    else if (current.current) typeKey(key);
  }, [typeKey]);

  const show = useCallback((t: MarkTarget | null, given?: number[]) => {
    const old = current.current;
    const oldSrc = targetImage(old);
    if (oldSrc && oldSrc !== targetImage(t)) releaseMarkingImage(oldSrc);
    current.current = t;
    setTarget(t);
    resetPanel(given ?? []);
    busyRef.current = false;
    const keys = pendingDigits.current.splice(0);
    if (t) keys.forEach((k) => typeKey(k));
  }, [resetPanel, typeKey]);

  const prefetch = useCallback(async (after: MarkingPaper) => {
    const res = await nextPaper(blockId, true).catch(() => null);
    const p = res?.code === 200 ? res.data : null;
    if (!p || p.taskId === after.taskId) return;
    prefetched.current = p;
    loadMarkingImage(markingImageSrc(p)).catch(() => undefined);
  }, [blockId]);

  /** Shows the prefetched paper when it is still leased, else asks for the next one; then prefetches again. */
  const advance = useCallback(async () => {
    let p = prefetched.current;
    prefetched.current = null;
    if (!p || leaseLeft(p) < 5_000) {
      const res = await nextPaper(blockId).catch(() => null);
      if (!res) { setEmpty('网络错误，请重试'); show(null); return; }
      if (res.code !== 200) { setEmpty(res.msg); show(null); return; }
      p = res.data;
      // why there is none: nothing left, paused, or 试评已完成，等待题组长审核
      if (!p) { setEmpty(res.msg || '当前没有可阅的试卷'); show(null); return; }
    }
    setEmpty('');
    show({ kind: 'mark', paper: p });
    void prefetch(p);
  }, [blockId, prefetch, show]);

  useEffect(() => {
    let live = true;
    findBlock(blockId).then((res) => {
      if (!live) return;
      if (res.code !== 200) { setError(res.msg || '无法打开该题块'); return; }
      // a 题组长 who does not mark the block has no 正评: the page opens on the 问题卷 queue
      if (!res.data.marks) setModeState('abnormal');
      setBlock(res.data);
      setDone(res.data.done);
    }, () => live && setError('网络错误，请刷新重试'));
    return () => { live = false; };
  }, [blockId]);

  useEffect(() => { if (block && mode === 'normal') void advance(); }, [block]); // eslint-disable-line react-hooks/exhaustive-deps

  const setMode = useCallback((m: MarkMode) => {
    setModeState(m);
    setReason('');
    if (m === 'normal') {
      // back to 正评: the paper still leased to this marker comes back from marking/next
      prefetched.current = null;
      void advance();
    } else show(null);
  }, [advance, show]);

  const afterRefusal = (res: ApiResult) => { say(res.msg || '提交失败'); };

  /** Enter / 提交: sends the panel's scores for whatever is being scored. */
  const submit = useCallback(async () => {
    const t = current.current;
    if (!t || busyRef.current) return;
    const scores = ready();
    if (!scores) return;
    busyRef.current = true;
    setBusy(true);
    try {
      if (t.kind === 'mark') {
        const res = await submitScores({ taskId: t.paper.taskId, scores, requestId: requestIdFor(`mark:${t.paper.taskId}`) });
        if (res.code !== 200) { afterRefusal(res); return; }
        // the server's count, not +1 here: a blind re-check (it looks like any paper) and a trial mark are not progress
        setDone(res.data.done);
        await advance();
      } else if (t.kind === 'rescore') {
        const res = await rescore(t.row.taskId, scores, requestIdFor(`rescore:${t.row.taskId}:${scores.join(',')}`), reason || undefined);
        if (res.code !== 200) { afterRefusal(res); return; }
        message.success(`已改分，总分 ${res.data.total}`);
        show(null);
      } else if (t.kind === 'resolve') {
        const res = await resolveProblem(t.row.paperId, 'score', scores);
        if (res.code !== 200) { afterRefusal(res); return; }
        message.success('问题卷已给分');
        show(null);
      } else if (t.kind === 'arbitrate') {
        const res = await arbitrate(t.row.paperId, scores, requestIdFor(`arb:${t.row.paperId}`));
        if (res.code !== 200) { afterRefusal(res); return; }
        message.success(`仲裁完成，最终得分 ${res.data.total}`);
        show(null);
      } else if (t.kind === 'trialRef') {
        const res = await setTrialPaper(blockId, t.paper.paperId, scores);
        if (res.code !== 200) { afterRefusal(res); return; }
        message.success(`已设为试评卷（参考分 ${res.data.total}，共 ${res.data.count} 份）`);
        show(null);
      } else {
        if (!reason.trim()) { say('请填写改分原因'); return; }
        const res = await overrideScores(t.paper, scores, reason.trim());
        if (res.code !== 200) { afterRefusal(res); return; }
        message.success('抽查改分已保存');
        show(null);
      }
    } catch {
      say('网络错误，请重试（再次提交不会重复计分）');
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [advance, blockId, ready, reason, say, show]); // eslint-disable-line react-hooks/exhaustive-deps

  /** 问题卷: the paper goes to the 题组长's queue and the next one shows. */
  const problem = useCallback(async (kind: ProblemKind, note: string) => {
    const t = current.current;
    if (!t || t.kind !== 'mark') return false;
    const res = await reportProblem(t.paper.taskId, kind, note.trim() || undefined).catch(() => null);
    if (!res) { message.error('网络错误，请重试'); return false; }
    if (res.code !== 200) { message.error(res.msg); return false; }
    message.success('已标记为问题卷，交题组长处理');
    await advance();
    return true;
  }, [advance]);

  /** 抽查: the next marked paper with the score given, ready to override. */
  const check = useCallback(async () => {
    const res = await checkNext(blockId).catch(() => null);
    if (!res) { message.error('网络错误，请重试'); return; }
    if (res.code !== 200) { message.error(res.msg); return; }
    if (!res.data) { message.info('没有可抽查的试卷'); show(null); return; }
    show({ kind: 'override', paper: res.data }, res.data.given?.scores);
  }, [blockId, show]);

  const returnProblem = useCallback(async (row: ProblemRow) => {
    const res = await resolveProblem(row.paperId, 'return');
    if (res.code === 200) message.success('已退回，重新进入阅卷'); else message.error(res.msg);
    return res.code === 200;
  }, []);

  return {
    block, error, items, panel, mode, setMode, target, show, empty, busy, busyRef, typeDigit, done, reason, setReason,
    submit, problem, check, returnProblem, retry: advance,
  };
}

export type MarkDetailState = ReturnType<typeof useMarkDetail>;
