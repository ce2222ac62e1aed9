import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { Button, Checkbox, Form, Radio, Space } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { REPORT_PATHS, type ReportFilter, type ReportKey, type ReportParams } from '@/api/report';
import { JobProgressModal, useRenderJob } from '@/components/job';
import { ReportPage } from '../common/ReportPage';
import { ExportButton, jobFilters, ReportBlock, ReportTable } from '../common/kit';

/** Reports built on the total take courseCode '0' whatever the filter says. */
const TOTAL_ONLY: ReportKey[] = ['subjectComparison', 'subjectQuality', 'groupG', 'online', 'studentProgress', 'studentTop', 'studentWeak'];

type Format = 'pdf' | 'zip' | 'excel';
const FORMATS: { value: Format; label: string }[] = [
  { value: 'pdf', label: '一个PDF' },
  { value: 'zip', label: '按班级打包zip' },
  { value: 'excel', label: 'Excel' },
];

/**
 * 批量下载: chosen reports × chosen classes as one render job (PDF, zip of per-class PDFs, or one Excel), with the
 * page's 学科, 班级类型 (only classes of that type are offered) and 学籍类型.
 */
function BatchDownload({ params, filter }: { params: ReportParams; filter: ReportFilter }) {
  const job = useRenderJob();
  const reports = (Object.keys(REPORT_PATHS) as ReportKey[]).filter((k) => filter.reports.includes(k));
  const classType = String(params.classType ?? '');
  const classes = filter.classes.filter((c) => c.value !== 0 && (!classType || c.classType === classType));
  const [chosen, setChosen] = useState<ReportKey[]>(() => reports.filter((k) => ['overview', 'classComparison', 'subjectComparison'].includes(k)).slice(0, 3));
  const [picked, setClassIds] = useState<number[]>([]);
  const classIds = picked.filter((id) => classes.some((c) => c.value === id));
  const [format, setFormat] = useState<Format>('pdf');
  const ready = chosen.length > 0 && (format !== 'zip' || classIds.length !== 1);
  const start = () => {
    const base = { ...jobFilters(params, chosen), classIds };
    const title = format === 'excel' ? '生成 Excel' : format === 'zip' ? '生成 PDF 压缩包' : '生成 PDF';
    void job.start(format === 'excel' ? { ...base, type: 'excel' } : { ...base, type: 'report', format }, title);
  };
  return (
    <ReportBlock title="批量下载" sub="选择报告、班级与格式，生成一个文件（不选班级 = 可查看的全部班级）">
      <Form layout="vertical" style={{ maxWidth: 960 }}>
        <Form.Item label="报告">
          <Checkbox.Group aria-label="报告" value={chosen} onChange={(v) => setChosen(v as ReportKey[])}
            options={reports.map((k) => ({ value: k, label: REPORT_PATHS[k].title }))} />
        </Form.Item>
        <Form.Item label="班级">
          <Space direction="vertical">
            <Checkbox indeterminate={classIds.length > 0 && classIds.length < classes.length} checked={classes.length > 0 && classIds.length === classes.length}
              onChange={(e) => setClassIds(e.target.checked ? classes.map((c) => c.value) : [])}>全选</Checkbox>
            <Checkbox.Group aria-label="班级" value={classIds} onChange={(v) => setClassIds(v as number[])}
              options={classes.map((c) => ({ value: c.value, label: c.label }))} />
          </Space>
        </Form.Item>
        <Form.Item label="格式" extra={format === 'zip' ? '每个班级一个 PDF，打包为 zip（请选择至少两个班级）' : undefined}>
          <Radio.Group aria-label="格式" value={format} onChange={(e) => setFormat(e.target.value as Format)} options={FORMATS} optionType="button" />
        </Form.Item>
        <Button type="primary" icon={<CloudDownloadOutlined />} disabled={!ready} onClick={start} data-testid="batch-download">生成并下载</Button>
      </Form>
      <JobProgressModal job={job} printable={format === 'pdf'} />
    </ReportBlock>
  );
}

/** 报告下载 (reportDown): a batch render job (PDF / zip / Excel), and every report's Excel with the current filter. */
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
          <>
            <BatchDownload params={params} filter={filter} />
            <ReportBlock title="报告下载" sub="按当前筛选条件导出各报告的 Excel">
              <ReportTable testId="report-table-reportDown" rowKey="key" columns={columns} dataSource={rows} pagination={false} />
            </ReportBlock>
          </>
        );
      }}
    </ReportPage>
  );
}
