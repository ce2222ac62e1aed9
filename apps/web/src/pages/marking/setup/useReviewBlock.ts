import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import { findGroupList, saveTaskAllocation, type MarkingGroup, type SaveBlock } from '@/api/markingSetup';

/** A block as save_task_allocation takes it, keeping everything it has now (markers included). */
const asSaved = (g: MarkingGroup, over: Partial<SaveBlock> = {}): SaveBlock => ({
  blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: g.ratingMode,
  tolerance: g.tolerance, allocation: g.allocation, leaseSeconds: g.leaseSeconds, leaderUserId: g.leaderUserId, answerText: g.answerText,
  markers: g.markers.map((m) => ({ userId: m.userId, quota: m.quota, classIds: m.classIds })), ...over,
});

/**
 * 划分阅卷块 of one exam subject: the blocks with their questions; merge blocks, split a block into one per question,
 * rename. Each change saves the subject's whole block list (the api replaces it; started blocks are refused there).
 */
export function useReviewBlock(examSubjectId: number) {
  const [groups, setGroups] = useState<MarkingGroup[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await findGroupList(examSubjectId);
      if (r.code === 200) { setGroups(r.data); setError(''); setSelected([]); } else setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); } finally { setLoading(false); }
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);

  const commit = async (blocks: SaveBlock[], done: string) => {
    const r = await saveTaskAllocation(examSubjectId, blocks);
    if (r.code === 200) { message.success(done); await load(); } else message.error(r.msg);
  };
  /** The selected blocks become the first of them, holding all their questions in block order. */
  const merge = async () => {
    const chosen = groups.filter((g) => selected.includes(g.blockId));
    if (chosen.length < 2) { message.warning('请至少选择两个题块'); return; }
    if (chosen.some((g) => g.started)) { message.error('已开始阅卷的题块不能合并'); return; }
    const [first] = chosen;
    const questionIds = chosen.flatMap((g) => g.questions.map((q) => q.questionId));
    const blocks = groups.filter((g) => g === first || !selected.includes(g.blockId))
      .map((g) => (g === first ? asSaved(g, { questionIds, name: chosen.map((c) => c.name).join('+').slice(0, 50) }) : asSaved(g)));
    await commit(blocks, '已合并题块');
  };
  /** One block per question; the first keeps the block (and its settings), the others copy them. */
  const split = async (blockId: number) => {
    const g = groups.find((x) => x.blockId === blockId);
    if (!g || g.questions.length < 2) return;
    if (g.started) { message.error('已开始阅卷的题块不能拆分'); return; }
    const blocks = groups.flatMap((x) => (x.blockId !== blockId ? [asSaved(x)] : x.questions.map((q, i) =>
      asSaved(x, { blockId: i === 0 ? x.blockId : undefined, name: `第${q.number}题`, questionIds: [q.questionId] }))));
    await commit(blocks, '已拆分题块');
  };
  const rename = async (blockId: number, name: string) => {
    const n = name.trim();
    if (!n) { message.error('请输入题块名称'); return; }
    await commit(groups.map((g) => (g.blockId === blockId ? asSaved(g, { name: n }) : asSaved(g))), '已重命名');
  };
  return { groups, loading, error, selected, setSelected, reload: load, merge, split, rename };
}
