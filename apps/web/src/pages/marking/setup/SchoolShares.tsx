import { useCallback, useEffect, useState } from 'react';
import { Button, InputNumber, Space, Typography, message } from 'antd';
import { findJointShares, saveJointShares, type SchoolShare, type SchoolUserRow } from '@/api/markingSetup';

/** The schools a joint exam's markers come from (the organiser first, as answer/userList lists them). */
export function schoolsOf(users: SchoolUserRow[]): { schoolId: number; schoolName: string }[] {
  return [...new Map(users.filter((u) => u.schoolId !== undefined).map((u) => [u.schoolId!, u.schoolName ?? ''])).entries()]
    .map(([schoolId, schoolName]) => ({ schoolId, schoolName }));
}

/** Each block's school shares of a joint exam's subject (混合阅卷), loaded once per subject. */
export function useSchoolShares(examSubjectId: number, joint: boolean) {
  const [shares, setShares] = useState<Map<number, SchoolShare[]>>(new Map());
  const load = useCallback(async () => {
    if (!joint) return;
    const r = await findJointShares(examSubjectId);
    if (r.code === 200) setShares(new Map(r.data.map((b) => [b.blockId, b.shares])));
  }, [examSubjectId, joint]);
  useEffect(() => { void load(); }, [load]);
  return { shares, reload: load };
}

/**
 * 各校阅卷比例 of one block (docs/DECISIONS.md "Joint exams: shared marking"): whole percents adding up to 100, or
 * all empty for a free pool; saved on their own (joint_marking/save_shares), beside the markers' 保存分配.
 */
export function SchoolShares({ blockId, schools, saved, onSaved }: {
  blockId: number; schools: { schoolId: number; schoolName: string }[]; saved: SchoolShare[]; onSaved: () => void;
}) {
  const [value, setValue] = useState<Record<number, number | null>>({});
  useEffect(() => { setValue(Object.fromEntries(saved.map((s) => [s.schoolId, s.percent]))); }, [saved]);
  const sum = schools.reduce((a, s) => a + (value[s.schoolId] ?? 0), 0);
  const save = async () => {
    const shares = schools.filter((s) => (value[s.schoolId] ?? 0) > 0).map((s) => ({ schoolId: s.schoolId, percent: value[s.schoolId]! }));
    const r = await saveJointShares(blockId, shares);
    if (r.code === 200) { message.success(shares.length ? '各校阅卷比例已保存' : '已改为自由领取'); onSaved(); } else message.error(r.msg);
  };
  return (
    <Space wrap size={12} style={{ marginBottom: 12 }} data-testid={`school-shares-${blockId}`}>
      <span>各校阅卷比例</span>
      {schools.map((s) => (
        <span key={s.schoolId}>{s.schoolName} <InputNumber aria-label={`${s.schoolName}阅卷比例`} min={0} max={100} precision={0} addonAfter="%" style={{ width: 110 }}
          value={value[s.schoolId] ?? undefined} placeholder="0" onChange={(v) => setValue({ ...value, [s.schoolId]: v == null ? null : Number(v) })} /></span>
      ))}
      <Typography.Text type={sum === 0 || sum === 100 ? 'secondary' : 'danger'}>{sum === 0 ? '未设置：各校老师自由领取' : `合计 ${sum}%`}</Typography.Text>
      <Button size="small" onClick={() => void save()} disabled={sum !== 0 && sum !== 100}>保存比例</Button>
    </Space>
  );
}
