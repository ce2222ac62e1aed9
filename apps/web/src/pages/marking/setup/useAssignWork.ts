import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import type { RatingMode } from '@jz/shared/marking';
import {
  cleanTaskAllocation, findGroupList, findUserList, saveTaskAllocation,
  type Allocation, type BlockMarker, type MarkingGroup, type SchoolUserRow,
} from '@/api/markingSetup';
import { findCourseTbl } from '@/api/school';

/** Who teaches what in the exam's grade, for the marker picker's filters (best effort: needs the duty view). */
export interface TeachingMap { classes: { id: number; name: string }[]; byUser: Map<number, { courses: Set<string>; classIds: Set<number> }> }

async function loadTeaching(gradeId: number | undefined): Promise<TeachingMap> {
  const empty: TeachingMap = { classes: [], byUser: new Map() };
  if (!gradeId) return empty;
  try {
    const r = await findCourseTbl(gradeId);
    if (r.code !== 200 || !r.data) return empty;
    const byUser = new Map<number, { courses: Set<string>; classIds: Set<number> }>();
    for (const row of r.data.rows) {
      for (const [course, teachers] of Object.entries(row.cells)) {
        for (const t of teachers) {
          const e = byUser.get(Number(t.userId)) ?? { courses: new Set<string>(), classIds: new Set<number>() };
          e.courses.add(course); e.classIds.add(Number(row.classId));
          byUser.set(Number(t.userId), e);
        }
      }
    }
    return { classes: r.data.rows.map((row) => ({ id: Number(row.classId), name: row.className })), byUser };
  } catch { return empty; }
}

/**
 * 分配阅卷任务 of one exam subject: the blocks as the api has them, edited locally (rating mode, tolerance,
 * allocation, 题组长, markers with quota / classes) and saved together through save_task_allocation.
 */
export function useAssignWork(examSubjectId: number, gradeId?: number) {
  const [groups, setGroups] = useState<MarkingGroup[]>([]);
  const [users, setUsers] = useState<SchoolUserRow[]>([]);
  const [teaching, setTeaching] = useState<TeachingMap>({ classes: [], byUser: new Map() });
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [g, u] = await Promise.all([findGroupList(examSubjectId), findUserList(examSubjectId)]);
      if (g.code === 200) { setGroups(g.data); setError(''); setDirty(false); } else setError(g.msg);
      if (u.code === 200) setUsers(u.data);
    } catch { setError('网络错误，请刷新重试'); } finally { setLoading(false); }
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);
  useEffect(() => { void loadTeaching(gradeId).then(setTeaching); }, [gradeId]);

  const patch = (blockId: number, p: Partial<MarkingGroup>) => {
    setGroups((gs) => gs.map((g) => (g.blockId === blockId ? { ...g, ...p } : g)));
    setDirty(true);
  };
  const setRatingMode = (blockId: number, ratingMode: RatingMode) => patch(blockId, { ratingMode });
  const setTolerance = (blockId: number, tolerance: number) => patch(blockId, { tolerance });
  const setAllocation = (blockId: number, allocation: Allocation) => patch(blockId, { allocation });
  /** 个人一致性 every N papers (0 = off) and 试评 papers (0 = off) */
  const setRecheckInterval = (blockId: number, recheckInterval: number) => patch(blockId, { recheckInterval });
  const setTrialCount = (blockId: number, trialCount: number) => patch(blockId, { trialCount });
  const setLeader = (blockId: number, leaderUserId: number | null) =>
    patch(blockId, { leaderUserId, leaderName: users.find((u) => u.userId === leaderUserId)?.userName ?? null });
  /** Replaces the block's markers by the picked users, keeping the quota and classes of those already there. */
  const setMarkers = (blockId: number, userIds: number[]) => {
    const g = groups.find((x) => x.blockId === blockId);
    if (!g) return;
    const markers: BlockMarker[] = userIds.map((id) => {
      const old = g.markers.find((m) => m.userId === id);
      const u = users.find((x) => x.userId === id);
      return old ?? { userId: id, userName: u?.userName ?? String(id), loginId: u?.loginId ?? '', quota: null, classIds: [] };
    });
    patch(blockId, { markers });
  };
  const patchMarker = (blockId: number, userId: number, p: Partial<BlockMarker>) => {
    const g = groups.find((x) => x.blockId === blockId);
    if (g) patch(blockId, { markers: g.markers.map((m) => (m.userId === userId ? { ...m, ...p } : m)) });
  };

  const save = async () => {
    setSaving(true);
    try {
      const r = await saveTaskAllocation(examSubjectId, groups.map((g) => ({
        blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: g.ratingMode,
        tolerance: g.tolerance, allocation: g.allocation, leaseSeconds: g.leaseSeconds, leaderUserId: g.leaderUserId,
        answerText: g.answerText, recheckInterval: g.recheckInterval, trialCount: g.schoolMarked ? undefined : g.trialCount,
        markers: g.markers.map((m) => ({ userId: m.userId, quota: m.quota, classIds: g.allocation === 'class' ? m.classIds : [] })),
      })));
      if (r.code === 200) { message.success('保存成功'); await load(); } else message.error(r.msg);
    } catch { message.error('网络错误，保存失败'); } finally { setSaving(false); }
  };
  const clean = async () => {
    const r = await cleanTaskAllocation(examSubjectId);
    if (r.code === 200) { message.success(`已清空阅卷老师分配（${r.data.count} 人次）`); await load(); } else message.error(r.msg);
  };
  return {
    groups, users, teaching, loading, saving, dirty, error, reload: load,
    setRatingMode, setTolerance, setAllocation, setLeader, setRecheckInterval, setTrialCount, setMarkers, patchMarker, save, clean,
  };
}
