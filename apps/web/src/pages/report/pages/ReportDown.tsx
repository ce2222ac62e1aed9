import type { TableColumnsType } from 'antd';
import { REPORT_PATHS, type ReportKey } from '@/api/report';
import { ReportPage } from '../common/ReportPage';
import { ExportButton, ReportBlock, ReportTable } from '../common/kit';

/** Reports built on the total take courseCode '0' whatever the filter says. */
const TOTAL_ONLY: ReportKey[] = ['subjectComparison', 'subjectQuality', 'groupG', 'online', 'studentProgress', 'studentTop', 'studentWeak'];

/** 报告下载 (reportDown): every report the caller may open, exported with the current filter. */
export default function ReportDown() {
  return (
    <ReportPage title="报告下载">
      {({ params, filter }) => {
        const rows = (Object.keys(REPORT_PATHS) as ReportKey[]).filter((k) => filter.reports.includes(k)).map((k) => ({ key: k, title: REPORT_PATHS[k].title }));
        const columns: TableColumnsType<{ key: ReportKey; title: string }> = [
          { title: '报告', dataIndex: 'title', key: 'title' },
          { title: '操作', key: 'op', width: 160, render: (_, r) => <ExportButton reportKey={r.key} params={TOTAL_ONLY.includes(r.key) ? { ...params, courseCode: '0' } : params} /> },
        ];
        return (
          <ReportBlock title="报告下载" sub="按当前筛选条件导出各报告的 Excel">
            <ReportTable testId="report-table-reportDown" rowKey="key" columns={columns} dataSource={rows} pagination={false} />
          </ReportBlock>
        );
      }}
    </ReportPage>
  );
}
