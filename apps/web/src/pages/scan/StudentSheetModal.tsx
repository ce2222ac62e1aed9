import { useEffect, useState } from 'react';
import { Alert, Modal, Spin, Table, Tabs, Tag } from 'antd';
import { findObjectiveResult, findStudentSheet, type ObjectiveRecognizeResult, type ScanStudentSheet } from '@/api/scan';
import { fmtScore, QUESTION_TYPE_NAMES } from '../exam/examConstants';
import { ImageGrid } from './ImageGrid';
import { pageItem } from './scanConstants';

type Question = ObjectiveRecognizeResult['questions'][number];

/** One student's sheet: its page images and the recognised objective answers (objective_recognize_result). */
export function StudentSheetModal({ examSubjectId, student, onClose }: { examSubjectId: number; student: { examStudentId: number; name: string } | null; onClose: () => void }) {
  const [sheet, setSheet] = useState<ScanStudentSheet | null>(null);
  const [result, setResult] = useState<ObjectiveRecognizeResult | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!student) return;
    let live = true;
    setSheet(null);
    setResult(null);
    setError('');
    Promise.all([findStudentSheet(examSubjectId, student.examStudentId), findObjectiveResult(examSubjectId, student.examStudentId)])
      .then(([s, r]) => {
        if (!live) return;
        if (s.code === 200 && s.data) setSheet(s.data); else setError(s.msg || '加载失败');
        if (r.code === 200 && r.data) setResult(r.data);
      })
      .catch(() => { if (live) setError('加载失败，请稍后重试'); });
    return () => { live = false; };
  }, [examSubjectId, student]);
  return (
    <Modal open={!!student} title={student ? `${student.name} 的答题卡` : ''} onCancel={onClose} footer={null} width="min(1100px, 96vw)" destroyOnHidden>
      {error && <Alert type="warning" showIcon message={error} />}
      {!sheet && !error && <Spin />}
      {sheet && (
        <Tabs items={[
          { key: 'images', label: `答题卡图片（${sheet.pages.length}）`, children: <ImageGrid items={sheet.pages.map(pageItem)} /> },
          {
            key: 'answers', label: '客观题识别结果',
            children: result ? (
              <>
                <div style={{ marginBottom: 8 }}>
                  {result.absent ? <Tag color="orange">缺考</Tag> : null}
                  客观题得分：<b data-testid="objective-score">{result.objectiveScore === null ? '—' : fmtScore(result.objectiveScore)}</b>
                </div>
                {result.electives.map((e) => (
                  <div key={`${e.nos.join('/')}#${e.slot ?? ''}`} style={{ marginBottom: 8 }} data-testid="recognised-elective">
                    选做题 {e.nos.join('/')}{e.slot ? ` 第 ${e.slot} 框` : ''}：{e.chosen ? <b>选做第{e.chosen}题</b> : <span style={{ color: '#cf1322' }}>未能确定所选的题</span>}
                    {e.confirmed && <Tag color="blue" style={{ marginLeft: 4 }}>已确认</Tag>}
                    {e.doubt && <Tag color="orange" style={{ marginLeft: 4 }}>{e.doubt}</Tag>}
                  </div>
                ))}
                <Table<Question> size="small" rowKey="questionId" data-testid="recognised-answers" dataSource={result.questions} pagination={false} scroll={{ y: 420 }}
                  columns={[
                    { title: '题号', dataIndex: 'no', width: 70 },
                    { title: '题型', dataIndex: 'type', width: 90, render: (v: string) => (QUESTION_TYPE_NAMES as Record<string, string>)[v] ?? v },
                    { title: '识别答案', dataIndex: 'choice', width: 100, render: (v: string | null, q) => (v === null ? '未扫描' : v === '' ? <span style={{ color: '#999' }}>未涂</span> : <>{v}{q.confirmed && <Tag color="blue" style={{ marginLeft: 4 }}>已确认</Tag>}</>) },
                    { title: '标准答案', dataIndex: 'answer', width: 100, render: (v: string | null) => v ?? '未录入' },
                    { title: '得分', dataIndex: 'score', width: 90, render: (v: number | null, q) => (v === null ? '—' : `${fmtScore(v)} / ${fmtScore(q.fullScore)}`) },
                    { title: '存疑', dataIndex: 'doubt', render: (v: string | null) => (v ? <Tag color="orange">{v}</Tag> : null) },
                  ]} />
              </>
            ) : <Alert type="info" showIcon message="暂无识别结果" />,
          },
        ]} />
      )}
    </Modal>
  );
}
