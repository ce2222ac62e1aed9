import { useCallback, useEffect, useState } from 'react';
import { arrangeExamRooms, exportExamRooms, findExamRooms, saveExamRooms, type ExamRoomList } from '@/api/examRoom';
import { findExamStudents, type ExamStudent } from '@/api/exam';
import { loadData, runAction, useTable } from '@/components/table';
import { feedbackMessage } from '@/components/table/feedback';
import { saveBlob } from '@/utils/request';

export interface RoomDraft { key: number; name: string; capacity: number | null }
let nextKey = 1;
const draftOf = (rooms: { name: string; capacity: number }[]): RoomDraft[] => rooms.map((r) => ({ key: nextKey++, name: r.name, capacity: r.capacity }));

/** State of 考场编排: the rooms being edited, the saved rooms with seats taken, arrangement, the seating list and its export. */
export function useExamEdit(examId: number) {
  const [saved, setSaved] = useState<ExamRoomList | null>(null);
  const [drafts, setDrafts] = useState<RoomDraft[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const table = useTable<ExamStudent, { room?: string; keyword?: string }>((q) => findExamStudents({ ...q, examId }), { defaultSize: 20 });

  const load = useCallback(async () => {
    const r = await loadData(findExamRooms(examId), null);
    if (r) { setSaved(r); setDrafts(draftOf(r.rooms)); setDirty(false); }
  }, [examId]);
  useEffect(() => { void load(); }, [load]);

  const edit = (key: number, patch: Partial<RoomDraft>) => { setDrafts((d) => d.map((r) => (r.key === key ? { ...r, ...patch } : r))); setDirty(true); };
  const removeRoom = (key: number) => { setDrafts((d) => d.filter((r) => r.key !== key)); setDirty(true); };
  const addRoom = () => { setDrafts((d) => [...d, { key: nextKey++, name: `第${d.length + 1}考场`, capacity: d.at(-1)?.capacity ?? 30 }]); setDirty(true); };
  /** n rooms of the same capacity named 第1考场… (replaces the list being edited). */
  const generate = (count: number, capacity: number) => { setDrafts(draftOf(Array.from({ length: count }, (_, i) => ({ name: `第${i + 1}考场`, capacity })))); setDirty(true); };
  const capacity = drafts.reduce((a, r) => a + (r.capacity ?? 0), 0);

  const save = async () => {
    setBusy(true);
    const res = await runAction(saveExamRooms(examId, drafts.map((r) => ({ name: r.name.trim(), capacity: r.capacity ?? 0 }))));
    setBusy(false);
    if (res?.data) { setSaved(res.data); setDrafts(draftOf(res.data.rooms)); setDirty(false); }
    return !!res;
  };
  const arrange = async (order: 'class' | 'random', seed?: number) => {
    if (dirty) { feedbackMessage().warning('请先保存考场设置'); return; }
    setBusy(true);
    const res = await runAction(arrangeExamRooms({ examId, order, ...(order === 'random' ? { seed: seed ?? 0 } : {}) }), { success: '编排成功' });
    setBusy(false);
    if (res) { await load(); table.reload(); }
  };
  const exportList = async () => {
    setBusy(true);
    const res = await exportExamRooms(examId);
    setBusy(false);
    if ('blob' in res) saveBlob(res.blob, res.filename || '考场安排.xlsx');
    else feedbackMessage().error(res.msg || '导出失败');
  };
  return { saved, drafts, dirty, busy, capacity, edit, removeRoom, addRoom, generate, save, arrange, exportList, table };
}
