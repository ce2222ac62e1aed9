import { useState } from 'react';
import { Button, Drawer, Empty, Input, InputNumber, Select, Space, Table, Tag, TreeSelect, message } from 'antd';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import { formatNumber } from '@jz/shared/format';
import type { KnowledgeNodeOut } from '@/api/questionBank';
import { exportPaperDocx, paperToExam } from '@/api/questionBankOut';
import { saveBlob } from '@/utils/request';
import { RichText } from './RichText';
import { useOpenSubjects, usePaperAssembly } from './useBankOut';

type TreeData = { value: number; title: string; children: TreeData[] };
const toTree = (nodes: KnowledgeNodeOut[]): TreeData[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** 组卷: counts per type, knowledge points and target difficulty → a paper to reorder, export as Word, or make an answer card. */
export function PaperAssemblyDrawer({ open, courseCode, courseName, nodes, onClose }: {
  open: boolean; courseCode: string; courseName: string; nodes: KnowledgeNodeOut[]; onClose: () => void;
}) {
  const a = usePaperAssembly(courseCode, open);
  const subjects = useOpenSubjects(open, courseCode);
  const [title, setTitle] = useState(`${courseName}组卷`);
  const [subjectId, setSubjectId] = useState<number>();
  const items = a.paper?.items.map((x) => ({ questionId: x.questionId, score: x.score, section: x.section.trim() || undefined })) ?? [];
  const exportDocx = async () => {
    const r = await exportPaperDocx({ courseCode, title: title.trim() || `${courseName}组卷`, items });
    if ('blob' in r) saveBlob(r.blob, r.filename);
  };
  const toExam = async () => {
    if (!subjectId) return void message.warning('请选择考试科目');
    const r = await paperToExam(subjectId, items);
    if (r.code === 200) message.success(`已写入 ${r.data.questions} 道小题（满分 ${r.data.fullScore}），可在该考试的答题卡中查看与打印`);
  };
  const save = async () => { if (await a.save(title.trim() || `${courseName}组卷`)) message.success('试卷已保存'); };
  const reopen = async (id: number) => { const t = await a.reopen(id); if (t) setTitle(t); };
  const setPart = (i: number, p: Partial<(typeof a.parts)[number]>) => a.setParts(a.parts.map((x, k) => (k === i ? { ...x, ...p } : x)));
  return (
    <Drawer open={open} title={`组卷（${courseName}）`} width={900} onClose={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        {a.parts.map((p, i) => (
          <Space key={i} wrap>
            <Select aria-label={`题型${i + 1}`} style={{ width: 110 }} value={p.type} onChange={(type) => setPart(i, { type })}
              options={Object.entries(QUESTION_TYPE_NAMES).map(([value, label]) => ({ value, label }))} />
            <InputNumber aria-label={`题数${i + 1}`} min={1} max={100} value={p.count} addonAfter="题" onChange={(v) => setPart(i, { count: Number(v ?? 1) })} />
            <InputNumber aria-label={`每题分值${i + 1}`} min={0.5} max={100} step={0.5} value={p.score} addonAfter="分/题" onChange={(v) => setPart(i, { score: Number(v ?? 1) })} />
            <Button onClick={() => a.setParts(a.parts.filter((_, k) => k !== i))} disabled={a.parts.length === 1}>删除</Button>
          </Space>
        ))}
        <Space wrap>
          <Button onClick={() => a.setParts([...a.parts, { type: 'fill', count: 2, score: 5 }])} disabled={a.parts.length >= 5}>添加题型</Button>
          <span>目标难度（得分率）</span>
          <InputNumber aria-label="目标难度" min={0} max={1} step={0.05} value={a.target} onChange={(v) => a.setTarget(Number(v ?? 0.65))} />
          <TreeSelect aria-label="知识点范围" style={{ width: 260 }} multiple allowClear placeholder="知识点（含下级；不选 = 全部）" treeData={toTree(nodes)}
            value={a.pointIds} onChange={(v: number[]) => a.setPointIds(v)} />
          <Button type="primary" loading={a.loading} onClick={() => void a.run()}>组卷</Button>
          <Select aria-label="已保存的试卷" style={{ width: 260 }} placeholder="打开已保存的试卷" value={a.savedId} onChange={(id: number) => void reopen(id)}
            options={a.saved.map((p) => ({ value: p.id, label: `${p.title}（${p.questions} 题，${p.totalScore} 分）` }))} />
        </Space>
        {!a.paper ? <Empty description="选择题型、题数与目标难度后点击“组卷”" /> : (
          <>
            <Space wrap data-testid="paper-summary">
              <span>共 {a.paper.items.length} 题，满分 {a.paper.totalScore} 分</span>
              <span>平均难度 {a.paper.meanDifficulty === null ? '未测' : formatNumber(a.paper.meanDifficulty, 3)}</span>
            </Space>
            <Table size="small" rowKey="questionId" pagination={false} dataSource={a.paper.items} data-testid="paper-items"
              columns={[
                { title: '序号', width: 60, render: (_: unknown, __: unknown, i: number) => i + 1 },
                { title: '大题', dataIndex: 'section', width: 130, render: (s: string, _: unknown, i: number) => (i > 0 && a.paper!.items[i - 1]!.section === s ? null
                  : <Input size="small" aria-label={`大题标题${i + 1}`} value={s} maxLength={30} onChange={(e) => a.rename(i, e.target.value)} />) },
                { title: '题型', dataIndex: 'type', width: 80, render: (t: string) => QUESTION_TYPE_NAMES[t as keyof typeof QUESTION_TYPE_NAMES] },
                { title: '题干', dataIndex: 'stem', render: (s: string) => <RichText html={s} /> },
                { title: '难度', dataIndex: 'difficulty', width: 70, render: (d: number | null) => (d === null ? '未测' : formatNumber(d, 3)) },
                { title: '知识点', dataIndex: 'points', width: 140, render: (p: string[]) => p.map((n) => <Tag key={n}>{n}</Tag>) },
                { title: '分值', dataIndex: 'score', width: 60 },
                { title: '顺序', width: 150, render: (_: unknown, __: unknown, i: number) => (
                  <Space>
                    <Button size="small" aria-label={`上移${i + 1}`} onClick={() => a.move(i, -1)}>上移</Button>
                    <Button size="small" aria-label={`下移${i + 1}`} onClick={() => a.move(i, 1)}>下移</Button>
                    <Button size="small" danger onClick={() => a.remove(i)}>移除</Button>
                  </Space>
                ) },
              ]} />
            <Space wrap>
              <Input aria-label="试卷标题" style={{ width: 240 }} value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
              <Button onClick={() => void save()} disabled={!items.length}>保存试卷</Button>
              <Button type="primary" onClick={() => void exportDocx()} disabled={!items.length}>导出 Word</Button>
              <Select aria-label="考试科目" style={{ width: 320 }} placeholder="未发布考试的科目（生成答题卡）" value={subjectId} onChange={setSubjectId} options={subjects} />
              <Button onClick={() => void toExam()} disabled={!items.length}>写入考试并生成答题卡</Button>
            </Space>
          </>
        )}
      </Space>
    </Drawer>
  );
}
