import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Input, Modal, Pagination, Row, Select, Space, Tag, message } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import { difficultyLabel } from '@jz/shared/bank-difficulty';
import { formatNumber } from '@jz/shared/format';
import {
  deleteQuestions, findCourses, findQuestions, findTree, type BankCourse, type BankFilter, type BankQuestion, type KnowledgeNodeOut,
} from '@/api/questionBank';
import { KnowledgeTreePanel } from './KnowledgeTreePanel';
import { RichText } from './RichText';
import { ExamToBankDialog } from './ExamToBankDialog';
import { MasteryDialog } from './MasteryDialog';
import { PaperAssemblyDrawer } from './PaperAssemblyDrawer';
import { WrongBookDialog } from './WrongBookDialog';
import { QuestionImportButtons } from './QuestionImportButtons';

const DIFFICULTY_RANGES: Record<string, [number, number]> = { 容易: [0.7, 1], 中等: [0.4, 0.7], 困难: [0, 0.4] };

/** /knowTopic/list (校本题库): per course the knowledge-point tree and the questions, searched and filtered. */
export default function KnowTopicList() {
  const [sp, setSp] = useSearchParams();
  const navigate = useNavigate();
  const [courses, setCourses] = useState<BankCourse[]>([]);
  const courseCode = sp.get('courseCode') ?? courses[0]?.courseCode ?? '';
  const course = courses.find((c) => c.courseCode === courseCode);
  const [tree, setTree] = useState<{ nodes: KnowledgeNodeOut[]; editable: boolean }>({ nodes: [], editable: false });
  const [filter, setFilter] = useState<Omit<BankFilter, 'courseCode'>>({ current: 1, size: 10 });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<{ records: BankQuestion[]; total: number }>({ records: [], total: 0 });
  const [dialog, setDialog] = useState<null | 'fromExam' | 'mastery' | 'paper' | 'wrongBook'>(null);

  useEffect(() => { void findCourses().then((r) => { if (r.code === 200) setCourses(r.data); }); }, []);
  const loadTree = useCallback(() => {
    if (!courseCode) return;
    void findTree(courseCode).then((r) => { if (r.code === 200) setTree(r.data); });
  }, [courseCode]);
  const loadQuestions = useCallback(() => {
    if (!courseCode) return;
    void findQuestions({ courseCode, ...filter }).then((r) => { if (r.code === 200) setPage(r.data); });
  }, [courseCode, filter]);
  useEffect(loadTree, [loadTree]);
  useEffect(loadQuestions, [loadQuestions]);

  const setCourse = (c: string) => { setSp({ courseCode: c }, { replace: true }); setFilter({ current: 1, size: 10 }); setKeyword(''); };
  const patch = (p: Partial<BankFilter>) => setFilter((f) => ({ ...f, ...p, current: p.current ?? 1 }));
  const remove = (q: BankQuestion) => Modal.confirm({
    title: '删除这道试题？', okText: '删除', cancelText: '取消',
    onOk: async () => { const r = await deleteQuestions([q.id]); if (r.code === 200) { message.success('删除成功'); loadQuestions(); loadTree(); } },
  });
  const level = Object.entries(DIFFICULTY_RANGES).find(([, [lo, hi]]) => lo === filter.difficultyMin && hi === filter.difficultyMax)?.[0];

  return (
    <div style={{ padding: 16 }}>
      <Card title="校本题库" extra={<Space>
        <Select aria-label="学科" style={{ width: 140 }} value={courseCode || undefined} onChange={setCourse}
          options={courses.map((c) => ({ value: c.courseCode, label: `${c.courseName}（${c.questions}）` }))} />
        {course?.editable && <Button onClick={() => setDialog('fromExam')}>从考试加入</Button>}
        {courseCode && <Button onClick={() => setDialog('paper')}>组卷</Button>}
        {courseCode && <Button onClick={() => setDialog('mastery')}>知识点掌握</Button>}
        {courseCode && <Button onClick={() => setDialog('wrongBook')}>错题本</Button>}
        {course?.editable && <Button type="primary" onClick={() => navigate(`/wang/editor?courseCode=${encodeURIComponent(courseCode)}`)}>新增试题</Button>}
        {courseCode && <QuestionImportButtons filter={{ ...filter, courseCode }} editable={!!course?.editable} onChanged={() => { loadQuestions(); loadTree(); }} />}
      </Space>}>
        <Row gutter={16}>
          <Col span={7}>
            {courseCode && <KnowledgeTreePanel courseCode={courseCode} nodes={tree.nodes} editable={tree.editable} selected={filter.pointId}
              onSelect={(pointId) => patch({ pointId })} onChanged={() => { loadTree(); loadQuestions(); }} />}
          </Col>
          <Col span={17}>
            <Space wrap style={{ marginBottom: 12 }}>
              <Select aria-label="题型" allowClear placeholder="题型" style={{ width: 110 }} value={filter.type}
                options={Object.entries(QUESTION_TYPE_NAMES).map(([value, label]) => ({ value, label }))} onChange={(type) => patch({ type })} />
              <Select aria-label="难度" allowClear placeholder="难度" style={{ width: 110 }} value={level}
                options={Object.keys(DIFFICULTY_RANGES).map((k) => ({ value: k, label: k }))}
                onChange={(k?: string) => patch(k ? { difficultyMin: DIFFICULTY_RANGES[k]![0], difficultyMax: DIFFICULTY_RANGES[k]![1] } : { difficultyMin: undefined, difficultyMax: undefined })} />
              <Input aria-label="标签" allowClear placeholder="标签" style={{ width: 120 }} onBlur={(e) => patch({ tag: e.target.value.trim() || undefined })} />
              <Input.Search aria-label="关键词" allowClear placeholder="搜索题干、解析" style={{ width: 220 }} value={keyword}
                onChange={(e) => setKeyword(e.target.value)} onSearch={(v) => patch({ keyword: v.trim() || undefined })} />
              <span>共 {page.total} 题</span>
            </Space>
            {page.records.length === 0 ? <Empty description="没有符合条件的试题" /> : page.records.map((q, i) => (
              <Card key={q.id} size="small" style={{ marginBottom: 12 }} data-testid="bank-question"
                title={<Space wrap>
                  <span>{((filter.current ?? 1) - 1) * (filter.size ?? 10) + i + 1}.</span>
                  <Tag color="blue">{QUESTION_TYPE_NAMES[q.type]}</Tag>
                  <Tag>{difficultyLabel(q.difficulty)}{q.difficulty === null ? '' : ` ${formatNumber(q.difficulty, 2)}`}</Tag>
                  {q.discrimination !== null && <Tag>区分度 {formatNumber(q.discrimination, 2)}</Tag>}
                  {q.points.map((p) => <Tag key={p.id} color="green" title={p.path}>{p.name}</Tag>)}
                  {q.tags.map((t) => <Tag key={t} color="orange">{t}</Tag>)}
                </Space>}
                extra={q.editable && <Space>
                  <Button size="small" onClick={() => navigate(`/wang/editor?id=${q.id}`)}>编辑</Button>
                  <Button size="small" danger onClick={() => remove(q)}>删除</Button>
                </Space>}>
                <RichText html={q.stem} />
                {q.options.map((o) => <div key={o.label} style={{ display: 'flex', gap: 4 }}><span>{o.label}.</span><RichText html={o.content} /></div>)}
                <details style={{ marginTop: 8 }}>
                  <summary>答案与解析</summary>
                  <div><b>答案：</b>{q.answer || '—'}</div>
                  {q.analysis && <RichText html={q.analysis} />}
                  {q.sourceExamName && <div style={{ color: '#888' }}>来源：{q.sourceExamName} 第 {q.sourceQuestionNo} 题</div>}
                </details>
              </Card>
            ))}
            {page.total > (filter.size ?? 10) && (
              <Pagination current={filter.current} pageSize={filter.size} total={page.total} showSizeChanger={false}
                onChange={(current) => setFilter((f) => ({ ...f, current }))} />
            )}
          </Col>
        </Row>
      </Card>
      {courseCode && <>
        <ExamToBankDialog open={dialog === 'fromExam'} courseCode={courseCode} courseName={course?.courseName ?? ''} onClose={() => setDialog(null)}
          onDone={() => { loadTree(); loadQuestions(); }} />
        <MasteryDialog open={dialog === 'mastery'} courseCode={courseCode} courseName={course?.courseName ?? ''} onClose={() => setDialog(null)} />
        <PaperAssemblyDrawer open={dialog === 'paper'} courseCode={courseCode} courseName={course?.courseName ?? ''} nodes={tree.nodes} onClose={() => setDialog(null)} />
        <WrongBookDialog open={dialog === 'wrongBook'} courseCode={courseCode} courseName={course?.courseName ?? ''} onClose={() => setDialog(null)} />
      </>}
    </div>
  );
}
