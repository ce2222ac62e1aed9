import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, InputNumber, Select, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CalculatorOutlined, DownloadOutlined, SaveOutlined, UndoOutlined, WarningOutlined } from '@ant-design/icons';
import { formatRate } from '@jz/shared';
import type { AnswerQuestion } from '@/api/standardAnswer';
import { ImportButton } from '@/components/table';
import { QUESTION_TYPE_NAMES, fmtScore } from '../exam/examConstants';
import { useAnswerKeys, type PartialRule } from './useAnswerKeys';

const RULES: { value: PartialRule; label: string }[] = [
  { value: 'half', label: '少选得满分一半' },
  { value: 'partial', label: '少选得固定分' },
  { value: 'option', label: '每选对一项得分' },
];

const placeholder = (q: AnswerQuestion) => (q.type === 'single' ? `如 ${q.options[1] ?? 'B'}` : q.type === 'multiple' ? '如 ACD' : q.type === 'judge' ? 'T 或 F' : '参考答案（可不填）');

/** How the students answered: 得分率, correct count and the most chosen options (the key's in green). */
function StatsCell({ q }: { q: AnswerQuestion }) {
  const s = q.stats;
  if (!s) return <span style={{ color: '#bbb' }}>-</span>;
  if (!s.students) return <span style={{ color: '#999' }}>暂无成绩</span>;
  return (
    <Space direction="vertical" size={2} data-testid={`stats-${q.no}`}>
      <span>得分率 <b>{formatRate(s.scoreRate)}</b> · 满分 {s.correct}/{s.students} 人 · 均分 {fmtScore(s.mean)}</span>
      {s.choices.length > 0 && (
        <Space size={[2, 2]} wrap>
          {s.choices.slice(0, 5).map((c) => <Tag key={c.choice} color={c.choice === q.answer ? 'green' : undefined} style={{ marginInlineEnd: 0 }}>{c.choice} {c.count}人</Tag>)}
        </Space>
      )}
      {s.suspect && <Typography.Text type="danger" data-testid={`suspect-${q.no}`}><WarningOutlined /> {s.suspect}</Typography.Text>}
    </Space>
  );
}

/** 客观题答案 tab: the key of every question, 少选 rules, how the students answered; 连续录入, Excel in and out, save. */
export function AnswerKeysPanel({ examSubjectId, scanned }: { examSubjectId: number; /** The subject has scanned sheets. */ scanned: boolean }) {
  const k = useAnswerKeys(examSubjectId);
  const [row, setRow] = useState('');
  const { sheet, drafts } = k;
  if (!sheet) return <Card>{k.loading ? <Spin /> : <Alert type="warning" showIcon message={k.error || '加载失败'} />}</Card>;
  const editable = sheet.editable;
  const suspects = sheet.questions.filter((q) => q.stats?.suspect);
  const changedIds = new Set(k.changed.map((q) => q.id));

  const columns: TableColumnsType<AnswerQuestion> = [
    { title: '题号', dataIndex: 'no', width: 80, render: (no: string, q) => <span>第{no}题{changedIds.has(q.id) && <Tag color="orange" style={{ marginInlineStart: 4 }}>已修改</Tag>}</span> },
    { title: '题型', dataIndex: 'type', width: 80, render: (t: AnswerQuestion['type']) => QUESTION_TYPE_NAMES[t] },
    { title: '满分', dataIndex: 'fullScore', width: 60 },
    {
      title: '答案', key: 'answer', width: 180,
      render: (_v, q) => (
        <Input aria-label={`第${q.no}题答案`} value={drafts[q.id]?.answer ?? ''} disabled={!editable} placeholder={placeholder(q)} maxLength={q.objective ? 8 : 500}
          status={q.objective && !drafts[q.id]?.answer.trim() ? 'warning' : undefined}
          onChange={(e) => k.patch(q.id, { answer: q.objective ? e.target.value.toUpperCase() : e.target.value })} />
      ),
    },
    {
      title: '少选给分', key: 'partial', width: 300,
      render: (_v, q) => {
        if (q.type !== 'multiple') return <span style={{ color: '#bbb' }}>-</span>;
        const d = drafts[q.id]!;
        return (
          <Space.Compact>
            <Select aria-label={`第${q.no}题少选规则`} value={d.rule} disabled={!editable} style={{ width: 150 }} options={RULES}
              onChange={(rule: PartialRule) => k.patch(q.id, { rule, points: rule === 'half' ? null : d.points })} />
            {d.rule !== 'half' && (
              <InputNumber aria-label={`第${q.no}题少选得分`} value={d.points} min={0.5} max={q.fullScore} step={0.5} disabled={!editable} style={{ width: 110 }}
                addonAfter="分" onChange={(v) => k.patch(q.id, { points: v })} />
            )}
          </Space.Compact>
        );
      },
    },
    { title: '作答统计', key: 'stats', render: (_v, q) => <StatsCell q={q} /> },
  ];

  return (
    <Card size="small" data-testid="answer-keys">
      {sheet.released && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }}
          message={editable ? '成绩已发布：更正答案会重新计算考生得分、排名和全部分析报告，改变的得分记入“成绩更正”。' : '成绩已发布：只有学校管理员或本年级的年级主任可以更正标准答案。'} />
      )}
      {!sheet.released && !editable && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="您可以查看本科目的标准答案；录入和修改由学校管理员、年级主任或本学科备课组长操作。" />}
      {sheet.objectiveCount === 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="本科目还没有客观题，请先在“小题编辑”中设置小题。" />}
      {sheet.missingNos.length > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} data-testid="missing-keys" message={`还有 ${sheet.missingNos.length} 道客观题未录入答案：第 ${sheet.missingNos.join('、')} 题`} />
      )}
      {sheet.finished && <Alert type="success" showIcon style={{ marginBottom: 12 }} message={`全部 ${sheet.objectiveCount} 道客观题已录入答案`} />}
      {suspects.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid="suspect-keys"
          message={`第 ${suspects.map((q) => q.no).join('、')} 题疑似答案有误：多数考生选了同一个其他答案，请核对`} />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        {editable ? (
          <Space.Compact style={{ maxWidth: 520, flex: '1 1 360px' }}>
            <Input aria-label="连续录入答案" value={row} onChange={(e) => setRow(e.target.value)} placeholder="连续录入：按题号顺序填写客观题答案，如 BCAD 或 B C A ACD T"
              onPressEnter={() => { if (k.fillRow(row)) setRow(''); }} />
            <Button onClick={() => { if (k.fillRow(row)) setRow(''); }} disabled={!row.trim()}>填入</Button>
          </Space.Compact>
        ) : <span />}
        <Space wrap>
          {editable && <ImportButton upload={k.importFile} onDone={() => void k.reload()}>导入答案</ImportButton>}
          <Button icon={<DownloadOutlined />} onClick={() => void k.exportFile()}>导出答案</Button>
          {editable && scanned && !sheet.released && (
            <Tooltip title="已扫描答题卡的科目：按识别出的选项和当前答案重新写入客观题得分（保存答案时已自动重算，确认存疑填涂后可再算一次）">
              <Button icon={<CalculatorOutlined />} onClick={() => void k.recalc()}>按扫描结果重算</Button>
            </Tooltip>
          )}
          {editable && <Button icon={<UndoOutlined />} disabled={!k.changed.length} onClick={k.reset}>撤销修改</Button>}
          {editable && (
            <Tooltip title="保存后按新答案重新计算已扫描或已导入选项的客观题得分">
              <Button type="primary" icon={<SaveOutlined />} loading={k.saving} disabled={!k.changed.length} onClick={() => void k.save()}>
                保存答案{k.changed.length ? `（${k.changed.length} 题）` : ''}
              </Button>
            </Tooltip>
          )}
        </Space>
      </div>
      <Table<AnswerQuestion> size="small" rowKey="id" bordered pagination={false} loading={k.loading} dataSource={sheet.questions} columns={columns}
        locale={{ emptyText: <Empty description="本科目还没有设置小题" /> }} data-testid="answer-table" scroll={{ x: 960 }} />
    </Card>
  );
}
