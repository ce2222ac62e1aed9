import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import type { GroupG } from '@jz/shared/api/report';
import { EChart, barOption, boxplotOption } from '@/components/charts';
import type { Quartile, ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { fmt } from '../common/format';
import { numCol } from '../common/columns';
import { ReportBlock, ReportSection, ReportTable } from '../common/kit';

type GRow = GroupG['groups'][number];
type GClass = GroupG['classes'][number];

/** G组分析: G1..G10 by total (size, total range, subject means) and each class's students per group. */
export function GroupGModule({ params, title = 'G组分析' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('groupG', params);
  const groupColumns = useMemo<TableColumnsType<GRow>>(() => [
    { title: '组别', dataIndex: 'name', key: 'name', fixed: 'left', width: 70 },
    numCol<GRow>('人数', (r) => r.size),
    numCol<GRow>('最高总分', (r) => r.maxTotal),
    numCol<GRow>('最低总分', (r) => r.minTotal),
    ...(data?.columns ?? []).map((c, k) => numCol<GRow>(`${c.name}平均分`, (r) => r.means[k], { key: `mean-${c.code}` })),
  ], [data]);
  const classColumns = useMemo<TableColumnsType<GClass>>(() => [
    { title: '班级', dataIndex: 'className', key: 'className', fixed: 'left', width: 100 },
    ...(data?.groups ?? []).map((g, k) => numCol<GClass>(g.name, (r) => r.counts[k], { key: `g-${k}` })),
    numCol<GClass>('合计', (r) => r.total, { key: 'total' }),
  ], [data]);
  const chart = useMemo(() => data && barOption({
    categories: data.classes.map((c) => c.className),
    series: data.groups.map((g, k) => ({ name: g.name, stack: 'g', data: data.classes.map((c) => c.counts[k] ?? 0) })),
    yName: '人数',
  }), [data]);
  return (
    <ReportBlock title={title} reportKey="groupG" params={params} loading={loading} error={error} onReload={reload} empty={!!data && data.groups.length === 0}
      sub="按总分从高到低将参考学生均分为 G1–G10 十组（每组 ⌈N/10⌉ 人，末组为余数）">
      {data && (
        <>
          <ReportSection title="各组成绩概况">
            <ReportTable<GRow> testId="report-table-groupG" rowKey="name" columns={groupColumns} dataSource={data.groups} pagination={false} />
          </ReportSection>
          <ReportSection title="各班各组人数">
            <ReportTable<GClass> rowKey="classId" columns={classColumns} dataSource={data.classes} pagination={false} />
          </ReportSection>
          <ReportSection title="各班G组人数分布"><EChart title="各班G组人数分布" option={chart!} height={340} /></ReportSection>
        </>
      )}
    </ReportBlock>
  );
}

type QCells = Quartile['grade'];
type QRow = QCells & { key: string; className: string; isGrade?: boolean; min?: number | null; max?: number | null };

/**
 * 四分位分析: Q1 / median / Q3 / IQR per class and how its students fall into the grade's quartile bands; box
 * plots (min and max from the class comparison of the same query).
 */
export function QuartileModule({ params, title = '四分位分析' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('quartile', params);
  const cmp = useReport('classComparison', params, !!data);
  const rows: QRow[] = useMemo(() => {
    if (!data) return [];
    const ext = new Map(cmp.data?.rows.map((r) => [r.classId, r]) ?? []);
    return [
      { ...data.grade, key: 'grade', className: '全年级', isGrade: true, min: cmp.data?.grade.min ?? null, max: cmp.data?.grade.max ?? null },
      ...data.classes.map((c) => ({ ...c, key: String(c.classId), min: ext.get(c.classId)?.min ?? null, max: ext.get(c.classId)?.max ?? null })),
    ];
  }, [data, cmp.data]);
  const columns: TableColumnsType<QRow> = [
    { title: '班级', dataIndex: 'className', key: 'className', fixed: 'left', width: 100 },
    numCol<QRow>('人数', (r) => r.count),
    numCol<QRow>('Q1', (r) => r.q1),
    numCol<QRow>('中位数', (r) => r.median),
    numCol<QRow>('Q3', (r) => r.q3),
    numCol<QRow>('四分位距', (r) => r.iqr),
    {
      title: `按年级四分位划分的人数（年级 Q1 ${fmt(data?.grade.q1)}，中位数 ${fmt(data?.grade.median)}，Q3 ${fmt(data?.grade.q3)}）`,
      key: 'bands',
      children: [
        numCol<QRow>('≥Q3人数', (r) => r.bands[0], { key: 'b0' }),
        numCol<QRow>('中位数~Q3人数', (r) => r.bands[1], { key: 'b1' }),
        numCol<QRow>('Q1~中位数人数', (r) => r.bands[2], { key: 'b2' }),
        numCol<QRow>('<Q1人数', (r) => r.bands[3], { key: 'b3' }),
      ],
    },
  ];
  const box = useMemo(() => {
    if (!data) return null;
    const list = rows.filter((r) => r.count > 0);
    return boxplotOption({
      categories: list.map((r) => r.className),
      boxes: list.map((r) => (r.min !== null && r.min !== undefined && r.max !== null && r.max !== undefined && r.q1 !== null && r.median !== null && r.q3 !== null
        ? [r.min, r.q1, r.median, r.q3, r.max] as [number, number, number, number, number] : null)),
      max: data.column.fullScore,
    });
  }, [data, rows]);
  const bandChart = useMemo(() => data && barOption({
    categories: data.classes.map((c) => c.className),
    series: ['≥Q3', '中位数~Q3', 'Q1~中位数', '<Q1'].map((name, k) => ({ name, stack: 'b', data: data.classes.map((c) => c.bands[k] ?? 0) })),
    yName: '人数',
  }), [data]);
  return (
    <ReportBlock title={title} reportKey="quartile" params={params} loading={loading} error={error} onReload={reload}
      sub={data ? `${data.column.name}（满分 ${fmt(data.column.fullScore)}）· 四分位按 Excel QUARTILE.INC 计算` : undefined}>
      {data && (
        <>
          <ReportSection title={`${data.column.name}各班四分位`}>
            <ReportTable<QRow> testId="report-table-quartile" rowKey="key" columns={columns} dataSource={rows} pagination={false}
              rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} />
          </ReportSection>
          <div className="jz-report-grid">
            <ReportSection title="各班成绩箱线图">{box && <EChart title="各班成绩箱线图" option={box} height={340} />}</ReportSection>
            <ReportSection title="各班四分位段人数"><EChart title="各班四分位段人数" option={bandChart!} height={340} /></ReportSection>
          </div>
        </>
      )}
    </ReportBlock>
  );
}

