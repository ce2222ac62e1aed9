import { useMemo } from 'react';
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReportParams } from '@/api/report';
import { EChart, barOption } from '@/components/charts';
import { useReport } from '../common/context';
import { pct, signed } from '../common/format';
import { numCol, pctCol } from '../common/columns';
import { ReportBlock, ReportSection, ReportTable } from '../common/kit';

interface Row { code: string; name: string; isTotal: boolean; gradeMean: number | null; classMean: number | null; gradeRate: number | null; classRate: number | null; overMeanRate: number | null; meanRank: number | null }

/**
 * 班级与年级对比 (first tab of the 班主任报告): per subject and 总分 the class mean beside the grade mean, the gap,
 * 得分率 of both, 超均率 and the class's rank among the classes; the class's strongest and weakest subjects.
 */
export function ClassVsGradeModule({ params, title = '班级与年级对比' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('subjectComparison', { ...params, courseCode: '0' });
  const row = data?.rows.find((r) => r.classId === Number(params.classId)) ?? data?.rows[0];
  const rows = useMemo<Row[]>(() => (data && row ? data.columns.map((c, k) => {
    const cell = row.cells[k];
    return { code: c.code, name: c.name, isTotal: !!c.isTotal, gradeMean: c.mean, classMean: cell?.mean ?? null, gradeRate: c.scoreRate, classRate: cell?.scoreRate ?? null,
      overMeanRate: cell?.overMeanRate ?? null, meanRank: cell?.meanRank ?? null };
  }) : []), [data, row]);
  const columns = useMemo<TableColumnsType<Row>>(() => [
    { title: '科目', dataIndex: 'name', key: 'name', render: (v: string, r) => (r.isTotal ? <b>{v}</b> : v) },
    numCol<Row>('本班平均分', (r) => r.classMean),
    numCol<Row>('年级平均分', (r) => r.gradeMean),
    { title: '均分差', key: 'gap', align: 'right', render: (_: unknown, r: Row) => (r.classMean === null || r.gradeMean === null ? '—' : signed(r.classMean - r.gradeMean)) },
    pctCol<Row>('本班得分率', (r) => r.classRate),
    pctCol<Row>('年级得分率', (r) => r.gradeRate),
    { title: '超均率', key: 'over', align: 'right', render: (_: unknown, r: Row) => (r.overMeanRate === null ? '—' : `${r.overMeanRate > 0 ? '+' : ''}${pct(r.overMeanRate)}`) },
    numCol<Row>('均分班级名次', (r) => r.meanRank),
  ], []);
  const chart = useMemo(() => barOption({
    categories: rows.filter((r) => !r.isTotal).map((r) => r.name),
    series: [
      { name: '本班平均分', data: rows.filter((r) => !r.isTotal).map((r) => r.classMean) },
      { name: '年级平均分', data: rows.filter((r) => !r.isTotal).map((r) => r.gradeMean) },
    ],
    yName: '分数', labels: true,
  }), [rows]);
  const nameOf = (code: string | null) => rows.find((r) => r.code === code)?.name;
  return (
    <ReportBlock title={title} reportKey="subjectComparison" params={{ ...params, courseCode: '0' }} loading={loading} error={error} onReload={reload}
      sub={row ? (
        <>
          {row.className}
          {nameOf(row.strongest) && <Tag color="green" style={{ marginLeft: 8 }}>优势学科：{nameOf(row.strongest)}</Tag>}
          {nameOf(row.weakest) && <Tag color="red">薄弱学科：{nameOf(row.weakest)}</Tag>}
        </>
      ) : undefined}>
      {data && (
        <>
          <ReportSection title="本班与年级对比">
            <ReportTable<Row> testId="report-table-classVsGrade" rowKey="code" columns={columns} dataSource={rows} pagination={false} />
          </ReportSection>
          <ReportSection title="各科平均分：本班与年级"><EChart title="各科平均分：本班与年级" option={chart} /></ReportSection>
        </>
      )}
    </ReportBlock>
  );
}

