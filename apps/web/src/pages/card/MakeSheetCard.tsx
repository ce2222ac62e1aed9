import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Select, Spin } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { findExamPage, type Exam } from '@/api/exam';
import { findCard } from '@/api/card';
import { useExamDetail } from '@/pages/exam/useExam';
import { CardMaker } from './CardMaker';

/** The caller's exams to choose from (exam_manage/find_exam_by_page, searched by name). */
function ExamChooser({ value, onChange }: { value?: number; onChange: (examId: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const [exams, setExams] = useState<Exam[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      findExamPage({ current: 1, size: 50, name: keyword.trim() || undefined })
        .then((res) => { if (live && res.code === 200 && res.data) setExams(res.data.records); })
        .catch(() => undefined)
        .finally(() => { if (live) setLoading(false); });
    }, keyword ? 300 : 0);
    return () => { live = false; clearTimeout(timer); };
  }, [keyword]);
  return (
    <Select aria-label="考试" showSearch={{ filterOption: false, onSearch: setKeyword }} value={value} onChange={onChange} loading={loading}
      placeholder="请选择考试（可输入名称搜索）" style={{ width: 420 }} notFoundContent={loading ? <Spin size="small" /> : '暂无考试'}
      options={exams.map((e) => ({ value: e.id, label: `${e.name}（${e.gradeName}）` }))} />
  );
}

/**
 * Answer-sheet making (/makeSheetCard?examId=&examSubjectId=, also /makeSheetCards and /makeSheetCardold) and
 * online card making (/onLineCard: choose an exam first). The chosen exam and subject stay in the address so that
 * a reload shows the same card.
 */
export function CardMakerPage({ chooseExam = false }: { chooseExam?: boolean }) {
  const [sp, setSp] = useSearchParams();
  const examId = Number(sp.get('examId')) || null;
  const examSubjectId = Number(sp.get('examSubjectId')) || null;
  // only the subject given: its exam is learnt from the card
  const [learnt, setLearnt] = useState<{ examId: number | null; error: string }>({ examId: null, error: '' });
  useEffect(() => {
    if (examId || !examSubjectId) return;
    let live = true;
    findCard(examSubjectId)
      .then((res) => { if (live) setLearnt(res.code === 200 && res.data ? { examId: res.data.examId, error: '' } : { examId: null, error: res.msg || '加载失败' }); })
      .catch(() => { if (live) setLearnt({ examId: null, error: '加载失败，请稍后重试' }); });
    return () => { live = false; };
  }, [examId, examSubjectId]);
  const { exam, loading, error } = useExamDetail(examId ?? learnt.examId);
  const subjectId = examSubjectId ?? exam?.subjects[0]?.id;
  const go = (eid: number, sid?: number) => setSp(sid ? { examId: String(eid), examSubjectId: String(sid) } : { examId: String(eid) }, { replace: true });
  const showChooser = chooseExam || (!examId && !examSubjectId);
  const problem = error || (!examId ? learnt.error : '');

  return (
    <div>
      {showChooser && (
        <Card size="small" style={{ marginBottom: 12 }} title="在线制卡：选择考试与科目">
          <ExamChooser value={exam?.id} onChange={(id) => go(id)} />
        </Card>
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <Spin spinning={loading}>
        {exam ? (
          exam.subjects.length
            ? <CardMaker key={exam.id} exam={exam} examSubjectId={subjectId} onSubjectChange={(sid) => go(exam.id, sid)} />
            : <Empty description="该考试没有科目" />
        ) : !loading && !problem && <Empty style={{ marginTop: 48 }} description={showChooser ? '请选择考试' : '加载中'} />}
      </Spin>
    </div>
  );
}

export default function MakeSheetCard() {
  return <CardMakerPage />;
}
