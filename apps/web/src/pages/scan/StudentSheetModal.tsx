import { useEffect, useState } from 'react';
import { Alert, Modal, Spin, Table, Tabs, Tag } from 'antd';
import { findStudentSheet, type RecognisedAnswer, type StudentSheet } from '@/api/scan';
import { ImageGrid } from './ImageGrid';

/** One student's sheet images and recognised objective answers (objective_recognize_result). */
export function StudentSheetModal({ examSubjectId, student, onClose }: { examSubjectId: number; student: { examStudentId: number; studentName: string } | null; onClose: () => void }) {
  const [sheet, setSheet] = useState<StudentSheet | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!student) return;
    let live = true;
    setSheet(null);
    setError('');
    findStudentSheet(examSubjectId, student.examStudentId)
      .then((r) => { if (!live) return; if (r.code === 200 && r.data) setSheet(r.data); else setError(r.msg || '加载失败'); })
      .catch(() => { if (live) setError('加载失败，请稍后重试'); });
    return () => { live = false; };
  }, [examSubjectId, student]);
  return (
    <Modal open={!!student} title={student ? `${student.studentName} 的答题卡` : ''} onCancel={onClose} footer={null} width="min(1100px, 96vw)" destroyOnHidden>
      {error && <Alert type="warning" showIcon message={error} />}
      {!sheet && !error && <Spin />}
      {sheet && (
        <Tabs items={[
          { key: 'images', label: `答题卡图片（${sheet.images.length}）`, children: <ImageGrid items={sheet.images.map((im, i) => ({ key: im.id, src: im.url, title: `第 ${i + 1} 面` }))} /> },
          {
            key: 'answers', label: '客观题识别结果',
            children: (
              <Table<RecognisedAnswer> size="small" rowKey="questionNo" data-testid="recognised-answers" dataSource={sheet.answers} pagination={false} scroll={{ y: 420 }}
                columns={[
                  { title: '题号', dataIndex: 'questionNo', width: 70 },
                  { title: '识别答案', dataIndex: 'marked', width: 100, render: (v: string) => v || <span style={{ color: '#999' }}>未涂</span> },
                  { title: '标准答案', dataIndex: 'standardAnswer', width: 100, render: (v: string) => v || '—' },
                  { title: '得分', dataIndex: 'score', width: 90, render: (v: number | null, r) => (v === null ? '—' : `${v} / ${r.fullScore}`) },
                  { title: '存疑', dataIndex: 'doubt', render: (v: string | null) => (v ? <Tag color="orange">{v}</Tag> : null) },
                ]} />
            ),
          },
        ]} />
      )}
    </Modal>
  );
}
