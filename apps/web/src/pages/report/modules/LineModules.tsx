import { useMemo, useState } from 'react';
import { Segmented, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Online, RateCritical } from '@jz/shared/api/report';
import { EChart, barOption } from '@/components/charts';
import type { ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { byText, fmt, pct, signed, toPct } from '../common/format';
import { numCol, pctCol } from '../common/columns';
import { ReportBlock, ReportSection, ReportTable, StatCards } from '../common/kit';

type Level = RateCritical['levels'][number];
interface CritRow { key: string; level: string; levelKey: string; threshold: number; className: string; isGrade: boolean; reached: number; below: number; above: number; span: number }
type CritStudent = Level['students'][number];

/** 五率临界分析: per rate level the students within the buffer below / above its threshold, per class, and lists. */
export function RateCriticalModule({ params, title = '五率临界分析' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('rateCritical', params);
  const levels = data?.levels ?? [];
  const rows: CritRow[] = useMemo(() => (data?.levels ?? []).flatMap((l) => [
    { key: `${l.key}-grade`, level: l.name, levelKey: l.key, threshold: l.thresholdScore, className: '全年级', isGrade: true, ...l.grade, span: l.classes.length + 1 },
    ...l.classes.map((c) => ({ key: `${l.key}-${c.classId}`, level: l.name, levelKey: l.key, threshold: l.thresholdScore, className: c.className, isGrade: false, reached: c.reached, below: c.below, above: c.above, span: 0 })),
  ]), [data]);
  const buffer = data?.buffer ?? 0;
  const columns: TableColumnsType<CritRow> = [
    { title: '等级', dataIndex: 'level', key: 'level', width: 80, onCell: (r) => ({ rowSpan: r.span, className: 'jz-cell-span' }), render: (v: string) => <b>{v}</b> },
    { title: '分数线', key: 'threshold', width: 90, align: 'right', onCell: (r) => ({ rowSpan: r.span, className: 'jz-cell-span' }), render: (_: unknown, r: CritRow) => fmt(r.threshold) },
    { title: '班级', dataIndex: 'className', key: 'className', width: 100 },
    { title: '达到人数', key: 'reached', align: 'right', render: (_: unknown, r: CritRow) => fmt(r.reached) },
    { title: `线下临界（-${fmt(buffer)}分内）`, key: 'below', align: 'right', render: (_: unknown, r: CritRow) => fmt(r.below) },
    { title: `线上临界（+${fmt(buffer)}分内）`, key: 'above', align: 'right', render: (_: unknown, r: CritRow) => fmt(r.above) },
  ];
  const [levelKey, setLevelKey] = useState<string | null>(null);
  const current = levels.find((l) => l.key === levelKey) ?? levels[0];
  const studentColumns: TableColumnsType<CritStudent> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 100 },
    { title: '班级', dataIndex: 'className', key: 'className', width: 100, sorter: byText((r: CritStudent) => r.className) },
    numCol<CritStudent>('分数', (r) => r.score),
    { ...numCol<CritStudent>('与线差', (r) => r.gap), render: (_: unknown, r: CritStudent) => <span className={r.gap >= 0 ? 'jz-up' : 'jz-down'}>{signed(r.gap)}</span> },
    { title: '状态', key: 'state', render: (_: unknown, r: CritStudent) => (r.gap >= 0 ? <Tag color="red">线上临界</Tag> : <Tag color="green">线下临界</Tag>) },
  ];
  const chart = useMemo(() => current && barOption({
    categories: current.classes.map((c) => c.className),
    series: [
      { name: '临界下', stack: 'c', color: '#52c41a', data: current.classes.map((c) => c.below) },
      { name: '临界上', stack: 'c', color: '#fa8c16', data: current.classes.map((c) => c.above) },
    ],
    yName: '人数',
  }), [current]);
  return (
    <ReportBlock title={title} reportKey="rateCritical" params={params} loading={loading} error={error} onReload={reload} empty={!!data && levels.length === 0}
      sub={data ? `${data.column.name}（满分 ${fmt(data.column.fullScore)}）· 临界分差 ±${fmt(buffer)} 分` : undefined}>
      {data && (
        <>
          <ReportSection title="各班临界人数" note="低分为分数低于分数线的人数；线下临界 = 分数线下方临界分差内，线上临界 = 分数线及上方临界分差内">
            <ReportTable<CritRow> testId="report-table-rateCritical" rowKey="key" columns={columns} dataSource={rows} pagination={false}
              rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} />
          </ReportSection>
          {current && (
            <>
              <Segmented value={current.key} onChange={(v) => setLevelKey(String(v))} aria-label="临界等级"
                options={levels.map((l) => ({ value: l.key, label: `${l.name}临界` }))} />
              <div className="jz-report-grid">
                <ReportSection title={`${current.name}临界生人数`}><EChart title={`${current.name}临界生人数`} option={chart!} height={320} /></ReportSection>
                <ReportSection title={`${current.name}临界生名单`} note={`${current.name}线 ${fmt(current.thresholdScore)} 分，上下 ${fmt(buffer)} 分内共 ${current.students.length} 人`}>
                  <ReportTable<CritStudent> rowKey="examStudentId" columns={studentColumns} dataSource={current.students} pageSize={10} />
                </ReportSection>
              </div>
            </>
          )}
        </>
      )}
    </ReportBlock>
  );
}

type Line = Online['lines'][number];
type LSub = Line['subjects'][number];
type LSubRow = LSub['grade'] & { key: string; className: string; isGrade: boolean };
type LCrit = Line['critical'][number];

/** 上线分析: per line the on-line count per class, subject 有效分 with 单上线 / 双上线, 命中率, 贡献率, critical students. */
export function OnlineModule({ params, title = '上线分析' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('online', params);
  const lines = data?.lines ?? [];
  return (
    <ReportBlock title={title} reportKey="online" params={params} loading={loading} error={error} onReload={reload}
      empty={!!data && lines.length === 0} sub={data ? `临界分差 ±${fmt(data.buffer)} 分；有效分按比例法计算` : undefined}>
      {lines.length > 0 && (
        <ReportSection title="各班上线人数">
          <ReportTable<OnlineRow> testId="report-table-online" rowKey="key" pagination={false} dataSource={onlineRows(lines)} columns={ONLINE_COLUMNS}
            rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} />
        </ReportSection>
      )}
      {lines.length > 0 && (
        <Tabs items={lines.map((l, i) => ({ key: `${i}`, label: l.name, children: <OnlineLine line={l} first={i === 0} buffer={data?.buffer ?? 0} /> }))} />
      )}
    </ReportBlock>
  );
}

interface OnlineRow { key: string; line: string; score: number | null; className: string; isGrade: boolean; sat: number | null; online: number; share: number | null; critical: number; span: number }

/** Lines × (全年级 + classes), like the export's first sheet. */
function onlineRows(lines: Line[]): OnlineRow[] {
  return lines.flatMap((l, i) => [
    { key: `${i}-grade`, line: l.name, score: l.score, className: '全年级', isGrade: true, sat: null, online: l.online, share: null, critical: l.critical.length, span: l.classes.length + 1 },
    ...l.classes.map((c) => ({ key: `${i}-${c.classId}`, line: l.name, score: l.score, className: c.className, isGrade: false, sat: c.sat, online: c.online, share: c.share, critical: c.critical, span: 0 })),
  ]);
}

const ONLINE_COLUMNS: TableColumnsType<OnlineRow> = [
  { title: '分数线', dataIndex: 'line', key: 'line', width: 100, onCell: (r) => ({ rowSpan: r.span, className: 'jz-cell-span' }), render: (v: string) => <b>{v}</b> },
  { title: '线分', key: 'score', width: 80, align: 'right', onCell: (r) => ({ rowSpan: r.span, className: 'jz-cell-span' }), render: (_: unknown, r: OnlineRow) => fmt(r.score) },
  { title: '班级', dataIndex: 'className', key: 'className', width: 100 },
  { title: '实考人数', key: 'sat', align: 'right', render: (_: unknown, r: OnlineRow) => fmt(r.sat) },
  { title: '上线人数', key: 'online', align: 'right', render: (_: unknown, r: OnlineRow) => fmt(r.online) },
  { title: '上线率', key: 'share', align: 'right', render: (_: unknown, r: OnlineRow) => pct(r.share) },
  { title: '临界人数', key: 'critical', align: 'right', render: (_: unknown, r: OnlineRow) => fmt(r.critical) },
];

function OnlineLine({ line, buffer }: { line: Line; first: boolean; buffer: number }) {
  const [sub, setSub] = useState(line.subjects[0]?.code ?? '');
  const subjectColumns: TableColumnsType<LSub> = [
    { title: '科目', dataIndex: 'name', key: 'name', fixed: 'left', width: 90 },
    numCol<LSub>('有效分', (r) => r.effectiveScore),
    numCol<LSub>('单上线人数', (r) => r.grade.single),
    numCol<LSub>('双上线人数', (r) => r.grade.double),
    pctCol<LSub>('命中率', (r) => r.grade.hitRate),
    pctCol<LSub>('贡献率', (r) => r.grade.contributionRate),
  ];
  const current = line.subjects.find((s) => s.code === sub) ?? line.subjects[0];
  const subRows: LSubRow[] = current
    ? [{ ...current.grade, key: 'grade', className: '全年级', isGrade: true }, ...current.classes.map((c) => ({ ...c, key: String(c.classId), isGrade: false }))]
    : [];
  const subClassColumns: TableColumnsType<LSubRow> = [
    { title: '班级', dataIndex: 'className', key: 'className', fixed: 'left', width: 100 },
    numCol<LSubRow>('总分上线', (r) => r.online),
    numCol<LSubRow>('单上线', (r) => r.single),
    numCol<LSubRow>('双上线', (r) => r.double),
    pctCol<LSubRow>('命中率', (r) => r.hitRate),
    pctCol<LSubRow>('贡献率', (r) => r.contributionRate),
  ];
  const critColumns: TableColumnsType<LCrit> = [
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '班级', dataIndex: 'className', key: 'className', sorter: byText((r: LCrit) => r.className) },
    numCol<LCrit>('总分', (r) => r.total),
    { ...numCol<LCrit>('与线差', (r) => r.gap), render: (_: unknown, r: LCrit) => <span className={r.gap >= 0 ? 'jz-up' : 'jz-down'}>{signed(r.gap)}</span> },
  ];
  const chart = useMemo(() => barOption({
    categories: line.classes.map((c) => c.className),
    series: [{ name: '上线率', data: line.classes.map((c) => toPct(c.share)) }],
    percent: true, max: 100, labels: true, yName: '上线率',
  }), [line]);
  return (
    <div className="jz-report-block-body">
      <StatCards items={[
        { label: '分数线', value: line.score === null ? '—' : `${fmt(line.score)}分` },
        { label: '划线方式', value: line.source === 'share' ? `按比例 ${pct(line.share)}` : '按分数' },
        { label: '上线人数', value: line.online, color: '#1677ff' },
        { label: '临界人数', value: line.critical.length, hint: `总分在线上下 ${fmt(buffer)} 分内` },
      ]} />
      <ReportSection title={`${line.name}各班上线率`}><EChart title={`${line.name}各班上线率`} option={chart} height={300} /></ReportSection>
      <ReportSection title={`${line.name}学科有效分`} note="单上线：学科成绩 ≥ 有效分；双上线：学科单上线且总分上线；命中率 = 双上线 ÷ 单上线；贡献率 = 双上线 ÷ 总分上线">
        <ReportTable<LSub> rowKey="code" columns={subjectColumns} dataSource={line.subjects} pagination={false} />
      </ReportSection>
      {current && (
        <ReportSection title={`${current.name}各班上线情况`} extra={(
          <Segmented size="small" value={current.code} onChange={(v) => setSub(String(v))} options={line.subjects.map((s) => ({ value: s.code, label: s.name }))} />
        )}>
          <ReportTable<LSubRow> rowKey="key" columns={subClassColumns} dataSource={subRows} pagination={false} rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} />
        </ReportSection>
      )}
      <ReportSection title={`${line.name}临界生名单`}>
        <ReportTable<LCrit> rowKey="examStudentId" columns={critColumns} dataSource={line.critical} pageSize={10} />
      </ReportSection>
    </div>
  );
}
