import { useEffect, useState } from 'react';
import { Button, InputNumber, Modal, Radio, Select, Space, Table } from 'antd';
import { formatRate } from '@jz/shared/format';
import { exportWrongBook, findWrongBook, type WrongBook } from '@/api/questionBankOut';
import { JobProgressModal, useRenderJob } from '@/components/job';
import { saveBlob } from '@/utils/request';
import { RichText } from './RichText';
import { useExamClasses, useReleasedExams } from './useBankOut';

/** 错题本: a class's questions below the threshold (班级版) and each student's wrong items (学生版); PDF (render service) and Excel. */
export function WrongBookDialog({ open, courseCode, courseName, examId: fixedExam, classId: firstClass, onClose }: {
  open: boolean; courseCode: string; courseName: string; examId?: number; classId?: number; onClose: () => void;
}) {
  const exams = useReleasedExams(open && !fixedExam);
  const [examId, setExamId] = useState<number | undefined>(fixedExam);
  const classes = useExamClasses(examId);
  const [classId, setClassId] = useState<number | undefined>(firstClass);
  const [threshold, setThreshold] = useState(0.6);
  const [view, setView] = useState<'class' | 'student'>('class');
  const [book, setBook] = useState<WrongBook | null>(null);
  const job = useRenderJob();
  useEffect(() => {
    setBook(null);
    if (!examId || !classId) return;
    void findWrongBook({ examId, courseCode, classId, threshold }).then((r) => { if (r.code === 200) setBook(r.data); });
  }, [examId, classId, threshold, courseCode]);
  const download = async () => {
    if (!examId || !classId) return;
    const r = await exportWrongBook({ examId, courseCode, classId, threshold });
    if ('blob' in r) saveBlob(r.blob, r.filename);
  };
  // printed by the render service as a PDF: stems with formulas and pictures, rates and knowledge points (班级版 or 学生版)
  const print = () => {
    if (!examId || !classId || !book) return;
    void job.start({ type: 'wrongbook', examId, courseCode, classIds: [classId], threshold, wrongBookVersion: view === 'class' ? 'class' : 'students' },
      `打印错题本：${book.className}${view === 'class' ? '' : '（学生版）'}`, 'print');
  };
  return (
    <>
      <Modal open={open} title={`错题本（${courseName}）`} width={960} footer={null} onCancel={onClose} destroyOnHidden>
        <Space wrap style={{ marginBottom: 12 }} className="no-print">
          {!fixedExam && <Select aria-label="考试" style={{ width: 300 }} placeholder="选择已发布的考试" value={examId} onChange={(v) => { setExamId(v); setClassId(undefined); }}
            options={exams.map((e) => ({ value: e.examId, label: `${e.examName}（${e.gradeName}）` }))} />}
          <Select aria-label="班级" style={{ width: 120 }} placeholder="班级" value={classId} onChange={setClassId} options={classes} />
          <span>班级得分率低于</span>
          <InputNumber aria-label="阈值" min={0} max={1} step={0.05} value={threshold} onChange={(v) => setThreshold(Number(v ?? 0.6))} />
          <Radio.Group value={view} onChange={(e) => setView(e.target.value)} optionType="button"
            options={[{ value: 'class', label: '班级版' }, { value: 'student', label: '学生版' }]} />
          <Button disabled={!book} onClick={print}>打印 PDF</Button>
          <Button disabled={!book} onClick={() => void download()}>导出 Excel</Button>
        </Space>
        {book && view === 'class' && (
          <Table size="small" rowKey="no" pagination={false} dataSource={book.questions} data-testid="wrong-questions" locale={{ emptyText: '没有低于阈值的题目' }}
            columns={[
              { title: '题号', dataIndex: 'no', width: 60 },
              { title: '满分', dataIndex: 'fullScore', width: 60 },
              { title: '班级得分率', dataIndex: 'classRate', width: 100, render: formatRate },
              { title: '年级得分率', dataIndex: 'gradeRate', width: 100, render: formatRate },
              { title: '答错人数', dataIndex: 'wrongCount', width: 80 },
              { title: '知识点', dataIndex: 'knowledgePoints', width: 160, render: (k: string[]) => k.join('、') },
              { title: '题干与解析', render: (_: unknown, q: WrongBook['questions'][number]) => (q.stem ? <><RichText html={q.stem} />{q.analysis && <RichText html={q.analysis} />}</> : '（未加入题库）') },
            ]} />
        )}
        {book && view === 'student' && (
          <Table size="small" rowKey="examNo" pagination={false} dataSource={book.students} data-testid="wrong-students" locale={{ emptyText: '没有学生答错这些题目' }}
            columns={[
              { title: '考号', dataIndex: 'examNo', width: 120 },
              { title: '姓名', dataIndex: 'name', width: 100 },
              { title: '错题（得分/满分）', dataIndex: 'items', render: (items: WrongBook['students'][number]['items']) => items.map((i) => `第${i.no}题 ${i.score}/${i.fullScore}`).join('；') },
            ]} />
        )}
      </Modal>
      <JobProgressModal job={job} printable />
    </>
  );
}
