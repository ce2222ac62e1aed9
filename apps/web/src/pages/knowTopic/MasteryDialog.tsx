import { useEffect, useState } from 'react';
import { Modal, Select, Table } from 'antd';
import { formatRate } from '@jz/shared/format';
import { findMastery, type Mastery } from '@/api/questionBankOut';
import { useReleasedExams } from './useBankOut';

/** 知识点掌握: per knowledge point, each visible class's score rate beside the grade's (below the grade in red). */
export function MasteryDialog({ open, courseCode, courseName, onClose }: { open: boolean; courseCode: string; courseName: string; onClose: () => void }) {
  const exams = useReleasedExams(open);
  const [examId, setExamId] = useState<number>();
  const [data, setData] = useState<Mastery | null>(null);
  useEffect(() => {
    setData(null);
    if (!examId) return;
    void findMastery(examId, courseCode).then((r) => { if (r.code === 200) setData(r.data); });
  }, [examId, courseCode]);
  const rows = (data?.points ?? []).map((p) => ({ key: p.knowledgePoint, ...p }));
  return (
    <Modal open={open} title={`知识点掌握（${courseName}）`} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      <Select aria-label="考试" style={{ width: 360, marginBottom: 12 }} placeholder="选择已发布的考试" value={examId} onChange={setExamId}
        options={exams.map((e) => ({ value: e.examId, label: `${e.examName}（${e.gradeName}）` }))} />
      {data && (
        <Table size="small" bordered pagination={false} dataSource={rows} scroll={{ x: true, y: 480 }} data-testid="mastery-table"
          locale={{ emptyText: '本次考试该学科的小题没有设置知识点' }}
          columns={[
            { title: '知识点', dataIndex: 'knowledgePoint', fixed: 'left', width: 160 },
            { title: '题号', dataIndex: 'questions', width: 120, render: (q: string[]) => q.join('、') },
            { title: '满分', dataIndex: 'fullScore', width: 70 },
            { title: '年级得分率', dataIndex: 'gradeRate', width: 100, render: (v: number | null) => formatRate(v) },
            ...data.classes.map((c, i) => ({
              title: c.className, key: String(c.classId), width: 90,
              render: (_: unknown, p: Mastery['points'][number]) => {
                const v = p.classRates[i] ?? null;
                const low = v !== null && p.gradeRate !== null && v < p.gradeRate;
                return <span style={{ color: low ? '#cf1322' : undefined }}>{formatRate(v)}</span>;
              },
            })),
          ]} />
      )}
    </Modal>
  );
}
