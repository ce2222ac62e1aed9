import { Segmented } from 'antd';
import type { ExamSubject } from '@/api/exam';

/** Switch between the exam's subjects (value = exam subject id). */
export function SubjectSwitch({ subjects, value, onChange }: { subjects: ExamSubject[]; value?: number; onChange: (id: number) => void }) {
  if (!subjects.length) return null;
  return (
    <Segmented aria-label="科目" value={value} onChange={(v) => onChange(Number(v))}
      options={subjects.map((s) => ({ value: s.id, label: s.courseName }))} />
  );
}

export default SubjectSwitch;
