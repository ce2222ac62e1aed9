import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import { findScanStudents, type ScanStudent } from '@/api/scan';

/** Picks an exam student of the subject by name or 考号 (searching scanned_student/list as one types). */
export function StudentPicker({ examSubjectId, value, onChange }: { examSubjectId: number; value?: number; onChange: (id: number | undefined) => void }) {
  const [options, setOptions] = useState<ScanStudent[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const search = (keyword: string) => {
    const mine = ++seq.current;
    setLoading(true);
    findScanStudents({ examSubjectId, keyword: keyword.trim() || undefined, current: 1, size: 20 })
      .then((r) => { if (mine === seq.current && r.code === 200 && r.data) setOptions(r.data.records); })
      .finally(() => { if (mine === seq.current) setLoading(false); });
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { search(''); }, [examSubjectId]);
  return (
    <Select<number> showSearch allowClear aria-label="选择考生" placeholder="输入姓名或考号搜索考生" style={{ width: 280 }} value={value} loading={loading}
      filterOption={false} onSearch={search} onChange={(v) => onChange(v ?? undefined)}
      options={options.map((s) => ({ value: s.examStudentId, label: `${s.name}（${s.examNo}）${s.className ? ` ${s.className}` : ''} · ${s.stateName}` }))} />
  );
}
