import { useMemo } from 'react';
import { Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Paper } from '@jz/shared/api/report';
import { chartAxisMax } from '@jz/shared';
import { EChart, barOption, histogramOption } from '@/components/charts';
import type { ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { fmt, fmtIndex, pct, toPct } from '../common/format';
import { numCol, pctCol } from '../common/columns';
import { difficultyBand, QualityTag, ReportBlock, ReportSection, ReportTable, StatCards } from '../common/kit';

type Q = Paper['questions'][number];
type KP = Paper['knowledgePointSummary'][number];

const DIFF_TEXT: Record<string, string> = { green: '#389e0d', blue: '#0958d9', red: '#cf1322' };

export const QUESTION_TYPE_NAMES: Record<string, string> = { single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题', subjective: '解答题' };

/** 判断题 keys are stored as letters: A = 对, B = 错. */
const answerText = (q: Q) => (q.answer === null ? '—' : q.type === 'judge' ? ({ A: '对', B: '错' }[q.answer] ?? q.answer) : q.answer);

/**
 * 试卷分析: the paper's summary (difficulty, α, KR-20, SEM) and score distribution; per question 得分率 / difficulty,
 * 高分组 / 低分组得分率 and D (27 % groups, ties at the cut share weight) and corrected r with quality bands, full-mark and zero counts; option distribution of objective
 * questions with the key highlighted; per class question means; 知识点 per question and 知识点得分率.
 */
export function PaperModule({ params, title = '试卷分析' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('paper', params);
  const questions = data?.questions ?? [];
  const columns = useMemo<TableColumnsType<Q>>(() => [
    { title: '题号', dataIndex: 'no', key: 'no', fixed: 'left', width: 70 },
    { title: '题型', dataIndex: 'type', key: 'type', width: 80, render: (v: string) => QUESTION_TYPE_NAMES[v] ?? v },
    numCol<Q>('满分', (r) => r.fullScore),
    { title: '答案', key: 'answer', align: 'center', render: (_: unknown, r: Q) => <span className={r.answer ? 'jz-cell-key' : ''}>{answerText(r)}</span> },
    {
      title: '知识点', key: 'knowledgePoints', width: 160,
      render: (_: unknown, r: Q) => (r.knowledgePoints.length ? r.knowledgePoints.map((k) => <Tag key={k} color="blue" style={{ marginInlineEnd: 4 }}>{k}</Tag>) : '—'),
    },
    numCol<Q>('人数', (r) => r.n),
    numCol<Q>('平均分', (r) => r.mean),
    numCol<Q>('标准差', (r) => r.sd),
    {
      ...pctCol<Q>('得分率', (r) => r.scoreRate),
      render: (_: unknown, r: Q) => { const b = difficultyBand(r.scoreRate); return <Tooltip title={b ? `难度：${b.label}` : undefined}><span style={{ color: b ? DIFF_TEXT[b.color] : undefined }}>{pct(r.scoreRate)}</span></Tooltip>; },
    },
    { ...pctCol<Q>('高分组得分率', (r) => r.upperRate), title: <Tooltip title="科目成绩前27%的考生在本题的得分率（与分数线上同分的考生平分剩余名额）">高分组得分率</Tooltip> },
    { ...pctCol<Q>('低分组得分率', (r) => r.lowerRate), title: <Tooltip title="科目成绩后27%的考生在本题的得分率（与分数线上同分的考生平分剩余名额）">低分组得分率</Tooltip> },
    { ...numCol<Q>('区分度D', (r) => r.discrimination, { kind: 'index' }), title: <Tooltip title="区分度 D = 高分组得分率 − 低分组得分率，与考号无关">区分度D</Tooltip> },
    { title: 'D评价', key: 'D-q', align: 'center', render: (_: unknown, r: Q) => <QualityTag value={r.discriminationQuality} /> },
    { ...numCol<Q>('相关系数r', (r) => r.correlation, { kind: 'index' }), title: <Tooltip title="小题得分与（科目总分 − 本题得分）的积差相关系数">相关系数r</Tooltip> },
    { title: 'r评价', key: 'r-q', align: 'center', render: (_: unknown, r: Q) => <QualityTag value={r.correlationQuality} /> },
    numCol<Q>('满分人数', (r) => r.fullMarks),
    numCol<Q>('零分人数', (r) => r.zeros),
  ], []);

  const objective = questions.filter((q) => q.options);
  const optionLetters = useMemo(() => {
    const set = new Set<string>();
    objective.forEach((q) => q.options!.options.forEach((o) => set.add(o.option)));
    return [...set].sort();
  }, [objective]);
  const optionColumns: TableColumnsType<Q> = [
    { title: '题号', dataIndex: 'no', key: 'no', fixed: 'left', width: 70 },
    { title: '题型', dataIndex: 'type', key: 'type', width: 80, render: (v: string) => QUESTION_TYPE_NAMES[v] ?? v },
    { title: '答案', key: 'answer', align: 'center', width: 70, render: (_: unknown, r: Q) => <span className="jz-cell-key">{answerText(r)}</span> },
    ...optionLetters.map((letter) => ({
      title: letter,
      key: `opt-${letter}`,
      align: 'right' as const,
      onCell: (r: Q) => ({ className: r.options?.options.find((o) => o.option === letter)?.correct ? 'jz-opt-key' : '' }),
      render: (_: unknown, r: Q) => {
        const o = r.options?.options.find((x) => x.option === letter);
        if (!o) return '—';
        const multi = r.type === 'multiple';
        return <Tooltip title={multi ? `仅选${letter}：${o.count}人；含${letter}：${o.marked}人` : `${o.count}人`}>{pct(multi ? o.markedShare : o.share)}（{multi ? o.marked : o.count}）</Tooltip>;
      },
    })),
    { title: '未作答', key: 'blank', align: 'right', render: (_: unknown, r: Q) => `${pct(r.options?.blank.share)}（${r.options?.blank.count ?? 0}）` },
    { title: '多选', key: 'multiple', align: 'right', render: (_: unknown, r: Q) => (r.type === 'multiple' ? '—' : `${pct(r.options?.multiple.share)}（${r.options?.multiple.count ?? 0}）`) },
    { title: '完全正确', key: 'keyMarked', align: 'right', render: (_: unknown, r: Q) => `${pct(r.options?.keyMarked.share)}（${r.options?.keyMarked.count ?? 0}）` },
  ];

  interface CRow { key: string; name: string; n: number; means: (number | null)[]; isGrade?: boolean }
  const classRows: CRow[] = useMemo(() => data
    ? [
      { key: 'grade', name: '全年级', n: data.n, means: questions.map((q) => q.mean), isGrade: true },
      ...data.classes.map((c, u) => ({ key: String(c.classId), name: c.className, n: c.n, means: questions.map((q) => q.classMeans[u] ?? null) })),
    ]
    : [], [data, questions]);
  const classColumns: TableColumnsType<CRow> = [
    { title: '班级', dataIndex: 'name', key: 'name', fixed: 'left', width: 100 },
    numCol<CRow>('人数', (r) => r.n),
    ...questions.map((q, j) => numCol<CRow>(`${q.no}（${fmt(q.fullScore)}）`, (r) => r.means[j], { key: `q-${j}` })),
  ];

  const knowledge = data?.knowledgePointSummary ?? [];
  const kpColumns: TableColumnsType<KP> = [
    { title: '知识点', dataIndex: 'knowledgePoint', key: 'kp', fixed: 'left', width: 140, render: (v: string) => <Tag color="blue">{v}</Tag> },
    { title: '题号', key: 'questions', render: (_: unknown, r: KP) => r.questions.join('、') },
    numCol<KP>('满分', (r) => r.fullScore),
    numCol<KP>('平均分', (r) => r.mean),
    pctCol<KP>('得分率', (r) => r.scoreRate),
  ];
  const kpChart = useMemo(() => barOption({
    categories: knowledge.map((k) => k.knowledgePoint),
    series: [{ name: '得分率', data: knowledge.map((k) => toPct(k.scoreRate)) }],
    percent: true,
    max: chartAxisMax(100),
    yName: '%',
  }), [knowledge]);

  const dist = useMemo(() => data && histogramOption({
    labels: [...data.scoreDistribution].reverse().map((s) => s.label),
    counts: [...data.scoreDistribution].reverse().map((s) => s.count),
  }), [data]);
  const qChart = useMemo(() => barOption({
    categories: questions.map((q) => q.no),
    series: [
      { name: '得分率', data: questions.map((q) => toPct(q.scoreRate)) },
      { name: '区分度D×100', type: 'line', color: '#fa8c16', data: questions.map((q) => toPct(q.discrimination)) },
    ],
    percent: true,
    max: chartAxisMax(100),
    yName: '%',
  }), [questions]);

  return (
    <ReportBlock title={title} reportKey="paper" params={params} loading={loading} error={error} onReload={reload}
      sub={data ? `${data.column.name}（满分 ${fmt(data.column.fullScore)}）` : undefined}>
      {data && (
        <>
          <StatCards items={[
            { label: '满分', value: fmt(data.column.fullScore) },
            { label: '参考人数', value: data.n },
            { label: '平均分', value: fmt(data.mean), color: '#1677ff' },
            { label: '标准差', value: fmt(data.sd) },
            { label: '试卷难度', value: data.difficulty === null ? '—' : `${fmtIndex(data.difficulty)} ${difficultyBand(data.difficulty)?.label ?? ''}`, hint: '难度 = Σ(小题得分率 × 小题满分) ÷ 试卷满分' },
            { label: '信度 α', value: fmtIndex(data.alpha), hint: 'Cronbach α；≥0.7 为可接受' },
            ...(data.kr20 !== null ? [{ label: 'KR-20', value: fmtIndex(data.kr20) }] : []),
            { label: '测量标准误 SEM', value: fmt(data.sem), hint: 'SEM = 标准差 × √(1 − α)：考生实得分与真分数的典型误差（分）' },
          ]} />
          <div className="jz-report-grid">
            <ReportSection title="成绩分布"><EChart title="成绩分布" option={dist!} height={300} /></ReportSection>
            <ReportSection title="各题得分率与区分度"><EChart title="各题得分率与区分度" option={qChart} height={300} /></ReportSection>
          </div>
          <ReportSection title="小题分析" note={<>得分率即难度 P（<span style={{ color: DIFF_TEXT.green }}>≥0.7 容易</span>，<span style={{ color: DIFF_TEXT.blue }}>0.4–0.7 中等</span>，<span style={{ color: DIFF_TEXT.red }}>&lt;0.4 较难</span>）；高分组 / 低分组为科目成绩前 / 后 27% 的考生，区分度 D = 两组得分率之差；区分度评价：≥0.4 很好，0.3–0.39 良好，0.2–0.29 尚可需改进，&lt;0.2 差</>}>
            <ReportTable<Q> testId="report-table-paper" rowKey="no" columns={columns} dataSource={questions} pageSize={50} />
          </ReportSection>
          {knowledge.length > 0 && (
            <ReportSection title="知识点得分率" note="得分率 = 考查该知识点各题平均分之和 ÷ 各题满分之和（缺考学生不计）">
              <EChart title="知识点得分率" option={kpChart} height={300} />
              <ReportTable<KP> testId="report-table-paper-knowledge" rowKey="knowledgePoint" columns={kpColumns} dataSource={knowledge} pagination={false} />
            </ReportSection>
          )}
          {objective.length > 0 && (
            <ReportSection title="客观题选项分布" note="绿色为正确选项；多选题显示选择该选项（含多选）的比例">
              <ReportTable<Q> rowKey="no" columns={optionColumns} dataSource={objective} pageSize={50} />
            </ReportSection>
          )}
          <ReportSection title="各班小题平均分">
            <ReportTable<CRow> rowKey="key" columns={classColumns} dataSource={classRows} pagination={false} rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} />
          </ReportSection>
        </>
      )}
    </ReportBlock>
  );
}
