import { useCallback, useEffect, useState } from 'react';
import { Button, Modal, Select, Space, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { findOperators, saveOperators, type ScanOperator } from '@/api/scan';
import { findTeacherTable } from '@/api/school';
import { loadData, runAction } from '@/components/table';

/** The subject's 扫描员 and setting them (the server admits the administrator, grade leader and lesson leader). */
function useScanOperators(examSubjectId: number) {
  const [operators, setOperators] = useState<ScanOperator[]>([]);
  const [teachers, setTeachers] = useState<{ userId: number; name: string; loginId: string }[]>([]);
  const [editing, setEditing] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const load = useCallback(async () => setOperators(await loadData(findOperators(examSubjectId), [] as ScanOperator[])), [examSubjectId]);
  useEffect(() => { void load(); }, [load]);
  const edit = async () => {
    if (!teachers.length) {
      const list = await loadData(findTeacherTable(), []);
      setTeachers(list.map((t) => ({ userId: Number(t.userId), name: t.name, loginId: t.loginId })));
    }
    setEditing(operators.map((o) => o.userId));
  };
  const save = async () => {
    if (!editing) return;
    setSaving(true);
    const res = await runAction(saveOperators(examSubjectId, editing), { success: '扫描员已保存' });
    setSaving(false);
    if (res) { setOperators(res.data ?? []); setEditing(null); }
  };
  return { operators, teachers, editing, setEditing, edit, save, saving };
}

export function ScanOperators({ examSubjectId }: { examSubjectId: number }) {
  const s = useScanOperators(examSubjectId);
  return (
    <Space wrap size={4} data-testid="scan-operators">
      <Typography.Text type="secondary">扫描员：</Typography.Text>
      {s.operators.length ? s.operators.map((o) => <Tag key={o.userId}>{o.name}</Tag>) : <Typography.Text type="secondary">未设置</Typography.Text>}
      <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => void s.edit()}>设置扫描员</Button>
      <Modal open={s.editing !== null} title="设置扫描员" okText="保存" cancelText="取消" confirmLoading={s.saving} onOk={() => void s.save()} onCancel={() => s.setEditing(null)} destroyOnHidden>
        <Typography.Paragraph type="secondary">扫描员可上传本科目的答题卡、查看扫描结果并处理异常卷。</Typography.Paragraph>
        <Select mode="multiple" aria-label="扫描员" style={{ width: '100%' }} value={s.editing ?? []} onChange={(v) => s.setEditing(v)} optionFilterProp="label"
          placeholder="选择教师" options={s.teachers.map((t) => ({ value: t.userId, label: `${t.name}（${t.loginId}）` }))} />
      </Modal>
    </Space>
  );
}
