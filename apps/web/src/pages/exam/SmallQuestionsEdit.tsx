import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { copySubject, findQuestions, saveKnowledge, saveQuestions, type QuestionInput, type QuestionTemplate, type QuestionType } from '@/api/exam';
import { feedbackMessage, runAction, useFeedback } from '@/components/table';
import { QUESTION_TYPES, QUESTION_TYPE_NAMES, fmtScore, isObjectiveType } from './examConstants';
import { countedFullScore, electiveProblems } from '@jz/shared/elective';
import { SubjectSwitch } from './SubjectSwitch';
import { useCurrentExam } from './useExam';

interface Row {
  key: string;
  id?: number;
  no: string;
  parentNo: string;
  type: QuestionType;
  fullScore: number | null;
  step: number | null;
  answer: string;
  partialScore: number | null;
  /** 选对一项得分 (set on 录入标准答案): kept as it is unless a 部分得分 replaces it. */
  optionScore: number | null;
  groupName: string | null;
  knowledgePoints: string[];
  /** 选做题组 label ('' = not elective) and K, how many of the group a student answers. */
  electiveGroup: string;
  electivePick: number | null;
}

let seq = 0;
const newKey = () => `n${++seq}`;
const round2 = (x: number) => Math.round(x * 100) / 100;

const toRows = (t: QuestionTemplate): Row[] => t.questions.map((q) => ({
  key: `q${q.id}`, id: q.id, no: q.no, parentNo: q.parentNo ?? '', type: q.type, fullScore: q.fullScore, step: q.step,
  answer: q.answer ?? '', partialScore: q.partialScore, optionScore: q.optionScore, groupName: q.groupName, knowledgePoints: q.knowledgePoints,
  electiveGroup: q.electiveGroup ?? '', electivePick: q.electivePick,
}));

/** The next free question number after the last numeric one. */
function nextNo(rows: Row[]): number {
  const nums = rows.map((r) => parseInt(r.parentNo || r.no, 10)).filter((n) => Number.isFinite(n));
  return nums.length ? Math.max(...nums) + 1 : 1;
}

/** 小题编辑: per subject an editable table of questions, batch add, live sum check, save. */
export default function SmallQuestionsEdit() {
  const { modal } = App.useApp();
  useFeedback();
  const { exam } = useCurrentExam();
  const [subjectId, setSubjectId] = useState<number>();
  const [template, setTemplate] = useState<QuestionTemplate | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [batchForm] = Form.useForm();
  const [copyForm] = Form.useForm();

  useEffect(() => { if (exam && !exam.subjects.some((s) => s.id === subjectId)) setSubjectId(exam.subjects[0]?.id); }, [exam, subjectId]);

  const load = useCallback(() => {
    if (!subjectId) return;
    setLoading(true);
    findQuestions(subjectId)
      .then((res) => { if (res.code === 200 && res.data) { setTemplate(res.data); setRows(toRows(res.data)); setDirty(false); } else feedbackMessage().error(res.msg || '加载失败'); })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [subjectId]);
  useEffect(load, [load]);

  const editable = !!template?.editable;
  const subject = exam?.subjects.find((s) => s.id === subjectId);
  const fullScore = template?.subjectFullScore ?? subject?.fullScore ?? 0;
  // a 选做题组 counts K of its questions (docs/DOMAIN-RULES.md 选做题)
  const sum = useMemo(() => countedFullScore(rows.map((r) => ({ no: r.no, type: r.type, fullScore: Number(r.fullScore) || 0, step: Number(r.step) || 0,
    electiveGroup: r.electiveGroup.trim() || null, electivePick: r.electivePick }))), [rows]);
  const objectiveSum = useMemo(() => round2(rows.filter((r) => isObjectiveType(r.type)).reduce((s, r) => s + (Number(r.fullScore) || 0), 0)), [rows]);

  const patch = (key: string, p: Partial<Row>) => { setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r))); setDirty(true); };
  const addRow = () => {
    setRows((rs) => [...rs, { key: newKey(), no: String(nextNo(rs)), parentNo: '', type: 'subjective', fullScore: 10, step: 1, answer: '', partialScore: null, optionScore: null, groupName: null, knowledgePoints: [], electiveGroup: '', electivePick: null }]);
    setDirty(true);
  };
  const switchSubject = (id: number) => {
    if (!dirty) { setSubjectId(id); return; }
    modal.confirm({ title: '提示', content: '当前科目的修改尚未保存，确认切换吗？', okText: '切换', cancelText: '取消', onOk: () => setSubjectId(id) });
  };

  const validate = (): string | null => {
    if (!rows.length) return '请至少设置一道题';
    const seen = new Set<string>();
    for (const [i, r] of rows.entries()) {
      const label = `第 ${i + 1} 行`;
      if (!r.no.trim()) return `${label}题号不能为空`;
      if (seen.has(r.no.trim())) return `题号 ${r.no} 重复`;
      seen.add(r.no.trim());
      if (!(Number(r.fullScore) > 0)) return `${label}满分须大于 0`;
      if (!(Number(r.step) > 0)) return `${label}步长须大于 0`;
      if (isObjectiveType(r.type) && !r.answer.trim()) return `${label}（${QUESTION_TYPE_NAMES[r.type]}）请填写答案`;
    }
    const elective = electiveProblems(rows.map((r) => ({ no: r.no.trim(), type: r.type, fullScore: Number(r.fullScore), step: Number(r.step),
      electiveGroup: r.electiveGroup.trim() || null, electivePick: r.electivePick })));
    if (elective.length) return elective[0]!;
    if (Math.abs(sum - fullScore) > 1e-6) return `小题满分之和 ${sum} 分与科目满分 ${fullScore} 分不一致`;
    return null;
  };

  const payload = (): QuestionInput[] => rows.map((r) => ({
    no: r.no.trim(),
    parentNo: r.parentNo.trim() || null,
    type: r.type,
    fullScore: Number(r.fullScore),
    step: Number(r.step),
    answer: r.answer.trim() || null,
    partialScore: r.type === 'multiple' && r.partialScore !== null ? r.partialScore : null,
    optionScore: r.type === 'multiple' && r.partialScore === null ? r.optionScore : null,
    // groupName left out keeps each question's group (题组 are managed on their own page)
    knowledgePoints: r.knowledgePoints,
    electiveGroup: r.electiveGroup.trim() || null,
    electivePick: r.electiveGroup.trim() ? r.electivePick ?? 1 : null,
  }) as QuestionInput);

  const save = async (clearScores = false) => {
    if (!subjectId) return;
    const problem = validate();
    if (problem) { feedbackMessage().error(problem); return; }
    setSaving(true);
    try {
      const res = await saveQuestions({ examSubjectId: subjectId, questions: payload(), clearScores });
      if (res.code === 200 && res.data) {
        feedbackMessage().success(res.msg || '保存成功');
        setTemplate(res.data); setRows(toRows(res.data)); setDirty(false);
      } else if (res.code === 409) {
        modal.confirm({
          title: '确认清除成绩', content: res.msg, okText: '清除成绩并保存', cancelText: '取消', okButtonProps: { danger: true },
          onOk: () => save(true),
        });
      } else if (res.code !== 401) feedbackMessage().error(res.msg || '保存失败');
    } catch {
      feedbackMessage().error('保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  const saveKnowledgeOnly = async () => {
    if (!subjectId) return;
    const items = rows.filter((r) => r.id).map((r) => ({ questionId: r.id!, knowledgePoints: r.knowledgePoints }));
    if (!items.length) return;
    const res = await runAction(saveKnowledge({ examSubjectId: subjectId, items }), { success: '保存成功' });
    if (res?.data) { setTemplate(res.data); setRows(toRows(res.data)); setDirty(false); }
  };

  const batchAdd = async () => {
    const v = await batchForm.validateFields();
    const start = Number(v.start);
    const added: Row[] = Array.from({ length: v.count }, (_, i) => ({
      key: newKey(), no: String(start + i), parentNo: '', type: v.type, fullScore: v.fullScore, step: v.step, answer: '', partialScore: null, optionScore: null, groupName: null, knowledgePoints: [], electiveGroup: '', electivePick: null,
    }));
    setRows((rs) => [...rs, ...added]);
    setDirty(true);
    setBatchOpen(false);
  };

  const doCopy = async () => {
    const v = await copyForm.validateFields();
    if (!subjectId) return;
    const res = await runAction(copySubject(v.from, subjectId), { success: '复制成功' });
    if (res?.data) { setTemplate(res.data); setRows(toRows(res.data)); setDirty(false); setCopyOpen(false); }
  };

  const columns: TableColumnsType<Row> = [
    { title: '序号', width: 56, render: (_, __, i) => i + 1 },
    { title: '题号', dataIndex: 'no', width: 90, render: (v, r, i) => <Input aria-label={`第${i + 1}行题号`} value={v} disabled={!editable} onChange={(e) => patch(r.key, { no: e.target.value })} /> },
    { title: '大题号', dataIndex: 'parentNo', width: 80, render: (v, r, i) => <Input aria-label={`第${i + 1}行大题号`} value={v} disabled={!editable} placeholder="可选" onChange={(e) => patch(r.key, { parentNo: e.target.value })} /> },
    {
      title: '题型', dataIndex: 'type', width: 110,
      render: (v, r, i) => <Select aria-label={`第${i + 1}行题型`} value={v} disabled={!editable} style={{ width: '100%' }}
        options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_NAMES[t] }))}
        onChange={(t: QuestionType) => patch(r.key, { type: t, partialScore: t === 'multiple' ? r.partialScore : null, answer: isObjectiveType(t) === isObjectiveType(r.type) ? r.answer : '' })} />,
    },
    { title: '满分', dataIndex: 'fullScore', width: 90, render: (v, r, i) => <InputNumber aria-label={`第${i + 1}行满分`} value={v} min={0} max={1000} disabled={!editable} style={{ width: '100%' }} onChange={(x) => patch(r.key, { fullScore: x })} /> },
    { title: '给分步长', dataIndex: 'step', width: 90, render: (v, r, i) => <InputNumber aria-label={`第${i + 1}行步长`} value={v} min={0.1} max={100} step={0.5} disabled={!editable} style={{ width: '100%' }} onChange={(x) => patch(r.key, { step: x })} /> },
    {
      title: '答案', dataIndex: 'answer', width: 120,
      render: (v, r, i) => <Input aria-label={`第${i + 1}行答案`} value={v} disabled={!editable} onChange={(e) => patch(r.key, { answer: r.type === 'fill' || r.type === 'subjective' ? e.target.value : e.target.value.toUpperCase() })}
        placeholder={r.type === 'single' ? 'A' : r.type === 'multiple' ? 'ACD' : r.type === 'judge' ? 'T/F' : '可选'} />,
    },
    {
      title: '部分得分', dataIndex: 'partialScore', width: 100,
      render: (v, r, i) => (r.type === 'multiple'
        ? <InputNumber aria-label={`第${i + 1}行部分得分`} value={v} min={0} max={1000} disabled={!editable} placeholder={r.optionScore ? `每项${r.optionScore}` : '半分'} style={{ width: '100%' }} onChange={(x) => patch(r.key, { partialScore: x })} />
        : <span style={{ color: '#bbb' }}>-</span>),
    },
    {
      title: '选做题组', dataIndex: 'electiveGroup', width: 110,
      render: (v, r, i) => <Input aria-label={`第${i + 1}行选做题组`} value={v} disabled={!editable || r.type !== 'subjective'} placeholder="如 选做一"
        title="同一组的解答题为选做题，学生只答其中几道（满分、步长须相同）" onChange={(e) => patch(r.key, { electiveGroup: e.target.value })} />,
    },
    {
      title: '选做题数', dataIndex: 'electivePick', width: 90,
      render: (v, r, i) => (r.electiveGroup.trim()
        ? <InputNumber aria-label={`第${i + 1}行选做题数`} value={v ?? 1} min={1} max={5} precision={0} disabled={!editable} style={{ width: '100%' }}
          onChange={(x) => { setRows((rs) => rs.map((o) => (o.electiveGroup.trim() === r.electiveGroup.trim() ? { ...o, electivePick: x } : o))); setDirty(true); }} />
        : <span style={{ color: '#bbb' }}>-</span>),
    },
    { title: '题组', dataIndex: 'groupName', width: 90, render: (v) => v || <span style={{ color: '#bbb' }}>-</span> },
    {
      title: '知识点', dataIndex: 'knowledgePoints', width: 220,
      render: (v: string[], r, i) => <Select aria-label={`第${i + 1}行知识点`} mode="tags" value={v} style={{ width: '100%' }} placeholder="输入后回车" tokenSeparators={[',', '，']}
        disabled={!editable && !r.id} onChange={(x: string[]) => patch(r.key, { knowledgePoints: x })} />,
    },
  ];
  if (editable) {
    columns.push({ title: '操作', width: 64, fixed: 'right', render: (_, r, i) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除第${i + 1}行`} onClick={() => { setRows((rs) => rs.filter((x) => x.key !== r.key)); setDirty(true); }} /> });
  }

  if (!exam) return <Card><Spin /></Card>;
  const sumOk = Math.abs(sum - fullScore) < 1e-6;
  const copySources = exam.subjects.filter((s) => s.id !== subjectId && Math.abs(s.fullScore - fullScore) < 1e-6 && s.questionCount > 0);

  return (
    <Card size="small" title="小题编辑" extra={<SubjectSwitch subjects={exam.subjects} value={subjectId} onChange={switchSubject} />}>
      {template && !template.editable && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }}
          message={exam.releasedAt ? '成绩已发布，不能修改小题（可修改知识点）' : '您没有该科目的小题编辑权限，仅可查看'} />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <Space wrap>
          <Typography.Text>科目满分：<b>{fmtScore(fullScore)}</b> 分</Typography.Text>
          <Typography.Text type={sumOk ? 'success' : 'danger'} data-testid="question-sum">
            小题满分合计：<b>{fmtScore(sum)}</b> 分{sumOk ? '（一致）' : `（与科目满分相差 ${fmtScore(round2(fullScore - sum))} 分）`}
          </Typography.Text>
          <Typography.Text type="secondary">客观题 {fmtScore(objectiveSum)} 分，共 {rows.length} 题</Typography.Text>
        </Space>
        <Space wrap>
          {editable && <Button icon={<PlusOutlined />} onClick={addRow}>添加小题</Button>}
          {editable && <Button icon={<PlusOutlined />} onClick={() => { batchForm.setFieldsValue({ start: nextNo(rows), count: 10, type: 'single', fullScore: 3, step: 1 }); setBatchOpen(true); }}>批量添加客观题</Button>}
          {editable && copySources.length > 0 && <Button icon={<CopyOutlined />} onClick={() => { copyForm.resetFields(); setCopyOpen(true); }}>从其他科目复制</Button>}
          {editable && <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => save(false)}>保存</Button>}
          {!editable && exam.releasedAt && rows.some((r) => r.id) && <Button type="primary" onClick={saveKnowledgeOnly}>保存知识点</Button>}
        </Space>
      </div>
      <Spin spinning={loading}>
        <Table<Row> size="small" rowKey="key" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 1300 }} bordered />
      </Spin>

      <Modal title="批量添加客观题" open={batchOpen} maskClosable={false} onOk={batchAdd} onCancel={() => setBatchOpen(false)} okText="添加" cancelText="取消" destroyOnHidden>
        <Form form={batchForm} name="batchAdd" layout="vertical">
          <Form.Item name="start" label="起始题号" rules={[{ required: true, message: '请输入起始题号' }]}><InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="count" label="题数" rules={[{ required: true, message: '请输入题数' }]}><InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="type" label="题型" rules={[{ required: true }]}>
            <Select options={(['single', 'multiple', 'judge'] as QuestionType[]).map((t) => ({ value: t, label: QUESTION_TYPE_NAMES[t] }))} />
          </Form.Item>
          <Form.Item name="fullScore" label="每题满分" rules={[{ required: true, message: '请输入每题满分' }]}><InputNumber min={0.5} max={100} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="step" label="给分步长" rules={[{ required: true, message: '请输入给分步长' }]}><InputNumber min={0.1} max={100} style={{ width: '100%' }} /></Form.Item>
          <Typography.Text type="secondary">添加后请在表格中填写每题答案。</Typography.Text>
        </Form>
      </Modal>

      <Modal title="从其他科目复制小题" open={copyOpen} maskClosable={false} onOk={doCopy} onCancel={() => setCopyOpen(false)} okText="复制" cancelText="取消" destroyOnHidden>
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="复制会覆盖本科目现有的小题、答案、题组与知识点。" />
        <Form form={copyForm} name="copySubject" layout="vertical">
          <Form.Item name="from" label="复制来源科目" rules={[{ required: true, message: '请选择来源科目' }]}>
            <Select options={copySources.map((s) => ({ value: s.id, label: `${s.courseName}（${s.questionCount} 题）` }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
