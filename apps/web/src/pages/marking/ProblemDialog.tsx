import { useEffect, useState } from 'react';
import { Input, Modal, Radio } from 'antd';
import { PROBLEM_KIND_NAMES, type ProblemKind } from '@/api/marking';

const KINDS = Object.keys(PROBLEM_KIND_NAMES) as ProblemKind[];

/**
 * 问题卷: the kind (keys 1–5 choose it) and a note; Enter outside the note confirms, Esc cancels — so a marker who
 * presses Q never has to reach for the mouse.
 */
export function ProblemDialog({ open, onCancel, onOk }: { open: boolean; onCancel: () => void; onOk: (kind: ProblemKind, note: string) => Promise<boolean> }) {
  const [kind, setKind] = useState<ProblemKind>('blank');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    if (kind === 'other' && !note.trim()) return;
    setBusy(true);
    const ok = await onOk(kind, note).finally(() => setBusy(false));
    if (ok) { setKind('blank'); setNote(''); }
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      const inNote = (e.target as HTMLElement | null)?.tagName === 'TEXTAREA';
      if (!inNote && /^[1-5]$/.test(e.key)) { e.preventDefault(); setKind(KINDS[Number(e.key) - 1]); }
      else if (!inNote && e.key === 'Enter') { e.preventDefault(); void confirm(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <Modal open={open} title="问题卷" okText="确定" cancelText="取消" onCancel={onCancel} onOk={() => void confirm()} confirmLoading={busy}
      maskClosable={false} destroyOnHidden okButtonProps={{ disabled: kind === 'other' && !note.trim() }}>
      <p style={{ color: '#888' }}>按数字键 1–5 选择类型，回车确定；问题卷交由题组长处理。</p>
      <Radio.Group value={kind} onChange={(e) => setKind(e.target.value)} data-testid="problem-kinds"
        options={KINDS.map((k, i) => ({ value: k, label: `${i + 1} ${PROBLEM_KIND_NAMES[k]}` }))} />
      <Input.TextArea style={{ marginTop: 12 }} rows={3} maxLength={200} showCount placeholder={kind === 'other' ? '请说明问题（必填）' : '备注（选填）'}
        value={note} onChange={(e) => setNote(e.target.value)} aria-label="问题说明" />
    </Modal>
  );
}
