import { useEffect, useState } from 'react';
import { Button, Card, Col, Input, InputNumber, Row, Select, Space, TreeSelect, message } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import { findCourses, findQuestion, findTree, saveQuestion, type BankCourse, type KnowledgeNodeOut } from '@/api/questionBank';
import { RichText } from './RichText';
import { WangEditorField } from './WangEditorField';

type Option = { label: string; content: string };
const LETTERS = 'ABCDEFGHIJ';
interface PointOption { title: string; value: number; children: PointOption[] }
const toTree = (nodes: KnowledgeNodeOut[]): PointOption[] =>
  nodes.map((n) => ({ title: n.name, value: n.id, children: toTree(n.children) }));

/**
 * /wang/editor: the question bank's editor (wangEditor). ?courseCode= starts a new question of that course,
 * ?id= edits one; formulas are typed as $…$ LaTeX and shown rendered by KaTeX in the preview.
 */
export default function QuestionEditorPage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(sp.get('id')) || undefined;
  const [courses, setCourses] = useState<BankCourse[]>([]);
  const [courseCode, setCourseCode] = useState(sp.get('courseCode') ?? '');
  const [tree, setTree] = useState<KnowledgeNodeOut[]>([]);
  const [type, setType] = useState<keyof typeof QUESTION_TYPE_NAMES>('single');
  const [stem, setStem] = useState('');
  const [options, setOptions] = useState<Option[]>([{ label: 'A', content: '' }, { label: 'B', content: '' }, { label: 'C', content: '' }, { label: 'D', content: '' }]);
  const [answer, setAnswer] = useState('');
  const [analysis, setAnalysis] = useState('');
  const [difficulty, setDifficulty] = useState<number | null>(null);
  const [pointIds, setPointIds] = useState<number[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [loaded, setLoaded] = useState(!id);
  const [saving, setSaving] = useState(false);

  useEffect(() => { void findCourses().then((r) => { if (r.code === 200) setCourses(r.data); }); }, []);
  useEffect(() => {
    if (!id) return;
    void findQuestion(id).then((r) => {
      if (r.code !== 200) return;
      const q = r.data;
      setCourseCode(q.courseCode); setType(q.type); setStem(q.stem); setAnswer(q.answer); setAnalysis(q.analysis);
      setDifficulty(q.difficulty); setPointIds(q.points.map((p) => p.id)); setTags(q.tags);
      if (q.options.length) setOptions(q.options);
      setLoaded(true);
    });
  }, [id]);
  useEffect(() => {
    if (!courseCode) return;
    void findTree(courseCode).then((r) => { if (r.code === 200) setTree(r.data.nodes); });
  }, [courseCode]);

  const choice = type === 'single' || type === 'multiple';
  const save = async () => {
    setSaving(true);
    try {
      const r = await saveQuestion({ id, courseCode, type, stem, options: choice ? options : [], answer, analysis, difficulty, pointIds, tags });
      if (r.code === 200) {
        message.success('保存成功');
        navigate(`/knowTopic/list?courseCode=${encodeURIComponent(courseCode)}`);
      }
    } finally { setSaving(false); }
  };

  if (!loaded) return null;
  return (
    <div style={{ padding: 16, maxWidth: 1280, margin: '0 auto' }}>
      <Card title={id ? '编辑试题' : '新增试题'} extra={<Space>
        <Button onClick={() => navigate(`/knowTopic/list${courseCode ? `?courseCode=${encodeURIComponent(courseCode)}` : ''}`)}>返回题库</Button>
        <Button type="primary" loading={saving} onClick={() => void save()} disabled={!courseCode}>保存</Button>
      </Space>}>
        <Row gutter={24}>
          <Col span={14}>
            <Space wrap style={{ marginBottom: 12 }}>
              <Select aria-label="学科" placeholder="学科" style={{ width: 140 }} value={courseCode || undefined} disabled={!!id}
                options={courses.filter((c) => c.editable).map((c) => ({ value: c.courseCode, label: c.courseName }))} onChange={(v) => { setCourseCode(v); setPointIds([]); }} />
              <Select aria-label="题型" style={{ width: 120 }} value={type} options={Object.entries(QUESTION_TYPE_NAMES).map(([value, label]) => ({ value, label }))}
                onChange={(v) => setType(v)} />
              <InputNumber aria-label="难度" placeholder="难度（得分率 0–1）" style={{ width: 180 }} min={0} max={1} step={0.05} value={difficulty}
                onChange={(v) => setDifficulty(v ?? null)} />
            </Space>
            <div style={{ marginBottom: 6 }}>题干（公式用 $…$ 包围的 LaTeX，如 $x^2+1$）</div>
            <WangEditorField value={stem} onChange={setStem} placeholder="请输入题干" testId="stem-editor" />
            {choice && (
              <div style={{ marginTop: 12 }}>
                <div style={{ marginBottom: 6 }}>选项</div>
                {options.map((o, i) => (
                  <Space.Compact key={o.label} style={{ width: '100%', marginBottom: 6 }}>
                    <Input style={{ width: 48 }} value={o.label} readOnly />
                    <Input aria-label={`选项${o.label}`} value={o.content} onChange={(e) => setOptions(options.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)))} />
                  </Space.Compact>
                ))}
                <Space>
                  <Button size="small" disabled={options.length >= 10} onClick={() => setOptions([...options, { label: LETTERS[options.length]!, content: '' }])}>添加选项</Button>
                  <Button size="small" disabled={options.length <= 2} onClick={() => setOptions(options.slice(0, -1))}>删除最后一项</Button>
                </Space>
              </div>
            )}
            <div style={{ margin: '12px 0 6px' }}>答案</div>
            <Input aria-label="答案" value={answer} onChange={(e) => setAnswer(e.target.value)} placeholder={choice ? '如 B 或 ACD' : '答案'} />
            <div style={{ margin: '12px 0 6px' }}>解析</div>
            <WangEditorField value={analysis} onChange={setAnalysis} placeholder="请输入解析" height={140} testId="analysis-editor" />
            <div style={{ margin: '12px 0 6px' }}>知识点</div>
            <TreeSelect aria-label="知识点" style={{ width: '100%' }} multiple treeDefaultExpandAll value={pointIds} treeData={toTree(tree)}
              onChange={(v: number[]) => setPointIds(v)} placeholder="选择知识点" />
            <div style={{ margin: '12px 0 6px' }}>标签</div>
            <Select aria-label="标签" mode="tags" style={{ width: '100%' }} value={tags} onChange={setTags} placeholder="输入后回车" />
          </Col>
          <Col span={10}>
            <Card size="small" title="预览" data-testid="preview">
              <RichText html={stem} />
              {choice && options.map((o) => <div key={o.label}>{o.label}. <RichText html={o.content} className="inline" /></div>)}
              <div style={{ marginTop: 8 }}><b>答案：</b>{answer}</div>
              <div><b>解析：</b><RichText html={analysis} /></div>
            </Card>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
