import { useLayoutEffect, useRef, useState } from 'react';
import { Input, Modal, Radio } from 'antd';
import { PROBLEM_KIND_NAMES, type ProblemKind } from '@/api/marking';

const KINDS = Object.keys(PROBLEM_KIND_NAMES) as ProblemKind[];

/**
 * 问题卷: the kind (keys 1–5 choose it) and a note; Enter outside the note confirms, Esc cancels — so a marker who
 * presses Q never has to reach for the mouse.
 */
export function ProblemDialog({ open, onCancel, onOk }: { open: boolean; onCancel: () => void; onOk: (kind: ProblemKind, note: string) => Promise<boolean> }) {
  const [kind, setKindState] = useState<ProblemKind>('blank');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // the kind chosen by key, read by Enter at once: a fast "2, Enter" must not confirm the kind of the last render
  const kindRef = useRef(kind);
  const setKind = (k: ProblemKind) => { kindRef.current = k; setKindState(k); };
  const confirm = async () => {
    const k = kindRef.current;
    if (busy) return;
    if (k === 'other' && !note.trim()) return;
    setBusy(true);
    const ok = await onOk(k, note).finally(() => setBusy(false));
    if (ok) { setKind('blank'); setNote(''); }
  };
  // installed as the dialog is drawn (a layout effect), so a key pressed the moment it shows is not lost
  useLayoutEffect(() => {
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
