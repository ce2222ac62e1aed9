import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Modal, Select, Space, Spin, Table, Tag, Tooltip, message } from 'antd';
import type { TableProps } from 'antd';
import { DownloadOutlined, EyeOutlined, FilePdfOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { JobProgressModal, useRenderJob } from '@/components/job';
import { previewReport, type CreateRenderJobBody } from '@/api/render';
import { REPORT_PATHS, type ReportFilter, type ReportKey, type ReportParams } from '@/api/report';
import type { ReportFilterState } from '@/stores/reportFilter';
import { downloadJointExport, JOINT_REPORT_PATHS } from '@/api/joint-report';
import { saveBlob } from '@/utils/request';
import { DASH } from './format';
import { useJointScope } from './scope';
import './report.css';

// ---------------------------------------------------------------- export

/**
 * The screen's filters as a render job's: the reports, 学科, 班级 (0 = the grade → no classIds), 班级类型, 学籍类型,
 * and the 成绩单's columns and search when the params carry them; the job then shows the screen's numbers.
 */
export function jobFilters(params: ReportParams, reports: ReportKey[]) {
  const classId = Number(params.classId) || 0;
  return {
    examId: Number(params.examId), reports, classIds: classId ? [classId] : [],
    courseCode: String(params.courseCode ?? '0') || '0',
    classType: String(params.classType ?? ''), registrationType: String(params.registrationType ?? '0') || '0',
    scoreType: Number(params.scoreType ?? 1) || 1,
    ...(typeof params.schoolId === 'number' ? { schoolId: params.schoolId } : {}),
    ...(params.fields ? { fields: String(params.fields) } : {}),
    ...(params.keyword ? { keyword: String(params.keyword) } : {}),
    ...(params.totalPosition === 'last' || params.totalPosition === 'first' ? { totalPosition: params.totalPosition as 'first' | 'last' } : {}),
  };
}

/** 导出Excel: the report with the screen's filters as an Excel render job (progress modal; the .xlsx saves itself when ready). */
export function ExportButton({ reportKey, params, label = '导出Excel' }: { reportKey: ReportKey; params: ReportParams; label?: string }) {
  const joint = useJointScope();
  if (joint) return <JointExportButton path={JOINT_REPORT_PATHS[reportKey]} params={params} label={label} testId={`export-${reportKey}`} />;
  return <JobExportButton reportKey={reportKey} params={params} label={label} />;
}

/** A joint report's 导出Excel: the `<path>_export` xlsx downloaded at once (the render jobs read school exams). */
export function JointExportButton({ path, params, label = '导出Excel', testId }: { path: string; params: ReportParams; label?: string; testId?: string }) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const res = await downloadJointExport(path, params);
      if ('blob' in res) saveBlob(res.blob, res.filename);
      else message.error(res.msg || '导出失败');
    } catch {
      message.error('导出失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void start()} data-testid={testId}>{label}</Button>;
}

function JobExportButton({ reportKey, params, label }: { reportKey: ReportKey; params: ReportParams; label: string }) {
  const job = useRenderJob();
  const start = () => void job.start({ ...jobFilters(params, [reportKey]), type: 'excel' }, `${label}：${REPORT_PATHS[reportKey].title}`);
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={start} data-testid={`export-${reportKey}`}>{label}</Button>
      <JobProgressModal job={job} />
    </>
  );
}

/**
 * 打印预览 / 打印 / 下载PDF: the report with the screen's filters. 打印预览 shows the printed pages themselves
 * (the report job's HTML from render/report_preview: same data, same template, 908×1285 px pages); 打印 and
 * 下载PDF make the PDF as a render job with a progress modal (打印 opens it in the browser's viewer).
 */
export function PdfButtons({ reportKey, params }: { reportKey: ReportKey; params: ReportParams }) {
  // a joint report prints through the joint access on the server (which names or anonymises the other schools)
  const joint = useJointScope();
  const body: CreateRenderJobBody = { ...jobFilters(params, [reportKey]), type: 'report', format: 'pdf', ...(joint ? { schoolContrast: false } : {}) };
  return <JobPdfButtons testKey={reportKey} title={REPORT_PATHS[reportKey].title} body={body} />;
}

/** 校际对比 of a joint exam printed on its own (reports [] = 校际对比 only). */
export function SchoolContrastPdfButtons({ params }: { params: ReportParams }) {
  const body: CreateRenderJobBody = { ...jobFilters(params, []), type: 'report', format: 'pdf', schoolContrast: true };
  return <JobPdfButtons testKey="schoolContrast" title="校际对比" body={body} />;
}

function JobPdfButtons({ testKey, title, body }: { testKey: string; title: string; body: CreateRenderJobBody }) {
  const job = useRenderJob();
  const [preview, setPreview] = useState(false);
  const start = (what: string) => {
    setPreview(false);
    void job.start(body, `${what}：${title}`, what === '打印' ? 'print' : 'download');
  };
  return (
    <>
      <Button icon={<EyeOutlined />} onClick={() => setPreview(true)} data-testid={`preview-${testKey}`}>打印预览</Button>
      <Button icon={<PrinterOutlined />} onClick={() => start('打印')} data-testid={`print-${testKey}`}>打印</Button>
      <Button icon={<FilePdfOutlined />} onClick={() => start('下载PDF')} data-testid={`pdf-${testKey}`}>下载PDF</Button>
      {preview && (
        <PrintPreview title={`打印预览：${title}`} body={body}
          onClose={() => setPreview(false)} onPrint={() => start('打印')} onPdf={() => start('下载PDF')} />
      )}
      <JobProgressModal job={job} printable />
    </>
  );
}

/** The printed pages in an iframe (sandboxed: the document is ours, but it needs no script). */
function PrintPreview(props: { title: string; body: CreateRenderJobBody; onClose: () => void; onPrint: () => void; onPdf: () => void }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(props.body);
  useEffect(() => {
    let live = true;
    previewReport(JSON.parse(key) as CreateRenderJobBody)
      .then((res) => { if (live) { if ('html' in res) setHtml(res.html); else setError(res.msg || '预览失败'); } })
      .catch(() => { if (live) setError('预览失败，请稍后重试'); });
    return () => { live = false; };
  }, [key]);
  return (
    <Modal open title={props.title} width={1000} maskClosable={false} onCancel={props.onClose} destroyOnHidden
      footer={(
        <Space>
          <Button onClick={props.onClose}>关闭</Button>
          <Button icon={<PrinterOutlined />} disabled={!html} onClick={props.onPrint}>打印</Button>
          <Button type="primary" icon={<FilePdfOutlined />} disabled={!html} onClick={props.onPdf}>下载PDF</Button>
        </Space>
      )}>
      {error ? <Alert type="warning" showIcon title={error} data-testid="print-preview-error" /> : (
        <Spin spinning={!html}>
          <iframe title="打印预览" srcDoc={html ?? ''} sandbox="" data-testid="print-preview"
            style={{ width: '100%', height: '72vh', border: 0, background: '#E9ECF1' }} />
        </Spin>
      )}
    </Modal>
  );
}

// ---------------------------------------------------------------- layout blocks

/**
 * One report module: a heading (the report's Chinese title, h2) with the export button, then its content, a
 * spinner while loading, and the server's refusal (e.g. 无权限访问) instead of content.
 */
export function ReportBlock(props: {
  title: string;
  reportKey?: ReportKey;
  params?: ReportParams;
  loading?: boolean;
  error?: string | null;
  empty?: boolean;
  onReload?: () => void;
  extra?: ReactNode;
  sub?: ReactNode;
  children?: ReactNode;
  level?: 2 | 3;
}) {
  const id = useId();
  const H = props.level === 3 ? 'h3' : 'h2';
  return (
    <section className="jz-report-block" aria-labelledby={id}>
      <div className="jz-report-block-head">
        <div>
          <H id={id} className="jz-report-block-title">{props.title}</H>
          {props.sub && <div className="jz-report-block-sub">{props.sub}</div>}
        </div>
        <Space wrap>
          {props.extra}
          {props.reportKey && props.params && <ExportButton reportKey={props.reportKey} params={props.params} />}
          {props.reportKey && props.params && <PdfButtons reportKey={props.reportKey} params={props.params} />}
        </Space>
      </div>
      <Spin spinning={!!props.loading && !props.error}>
        {props.error ? (
          <Alert type="error" showIcon title={props.error}
            action={props.onReload && <Button size="small" icon={<ReloadOutlined />} onClick={props.onReload}>重试</Button>} />
        ) : props.empty ? (
          <Empty description="暂无数据" style={{ padding: '40px 0' }} />
        ) : (
          <div className="jz-report-block-body">{props.children}</div>
        )}
      </Spin>
    </section>
  );
}

/** A titled part of a report (a table or a chart) with its own accessible heading (h3). */
export function ReportSection({ title, extra, children, note }: { title: string; extra?: ReactNode; children: ReactNode; note?: ReactNode }) {
  const id = useId();
  return (
    <div className="jz-report-section" role="region" aria-labelledby={id}>
      <div className="jz-report-section-head">
        <h3 id={id} className="jz-report-section-title">{title}</h3>
        {extra && <Space wrap>{extra}</Space>}
      </div>
      {note && <div className="jz-report-note">{note}</div>}
      {children}
    </div>
  );
}

/** Key figures in a row of cards. */
export function StatCards({ items }: { items: { label: string; value: ReactNode; hint?: string; color?: string }[] }) {
  return (
    <div className="jz-stat-cards">
      {items.map((it) => (
        <div key={it.label} className="jz-stat-card">
          <div className="jz-stat-label">{it.hint ? <Tooltip title={it.hint}>{it.label}</Tooltip> : it.label}</div>
          <div className="jz-stat-value" style={it.color ? { color: it.color } : undefined}>{it.value}</div>
        </div>
      ))}
    </div>
  );
}

// ---------------------------------------------------------------- table

/**
 * A report table: small, bordered, sticky header, horizontal scroll for wide tables, pagination (size
 * selector, total, jump) when longer than `pageSize` rows.
 */
/**
 * The organiser of a joint exam reads students of every school: a student list whose rows carry schoolName (the
 * server sets it only for the organiser) gets a 学校 column after 姓名.
 */
function withSchoolColumn<T extends object>(columns: TableProps<T>['columns'], data: TableProps<T>['dataSource']): TableProps<T>['columns'] {
  if (!columns || !data?.some((r) => typeof (r as { schoolName?: unknown }).schoolName === 'string')) return columns;
  if (columns.some((c) => 'dataIndex' in c && c.dataIndex === 'schoolName')) return columns;
  const i = columns.findIndex((c) => c.key === 'name');
  if (i < 0) return columns;
  return [...columns.slice(0, i + 1), { title: '学校', dataIndex: 'schoolName', key: 'schoolName', width: 120 }, ...columns.slice(i + 1)];
}

export function ReportTable<T extends object>({ testId, pageSize = 20, ...props }: TableProps<T> & { testId?: string; pageSize?: number }) {
  const rows = props.dataSource?.length ?? 0;
  return (
    <Table<T>
      size="small"
      bordered
      sticky={{ offsetHeader: 64 }}
      scroll={{ x: 'max-content' }}
      className="jz-report-table"
      data-testid={testId}
      pagination={props.pagination !== undefined ? props.pagination : rows > pageSize
        ? { defaultPageSize: pageSize, showSizeChanger: true, showQuickJumper: true, showTotal: (t) => `共 ${t} 条`, pageSizeOptions: [10, 20, 50, 100] }
        : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      {...props}
      columns={withSchoolColumn(props.columns, props.dataSource)}
    />
  );
}

// ---------------------------------------------------------------- quality tags

const QUALITY_COLORS: Record<string, string> = { 很好: 'success', 良好: 'processing', 尚可需改进: 'warning', 差: 'error' };

/** A discrimination band (≥ 0.4 很好, 0.3–0.39 良好, 0.2–0.29 尚可需改进, < 0.2 差) as a coloured tag. */
export function QualityTag({ value }: { value: string | null | undefined }) {
  if (!value) return <span>{DASH}</span>;
  return <Tag color={QUALITY_COLORS[value] ?? 'default'} style={{ marginInlineEnd: 0 }}>{value}</Tag>;
}

/** Difficulty band of a 得分率 P (≥ 0.7 容易, 0.4–0.7 中等, < 0.4 较难). */
export function difficultyBand(p: number | null | undefined): { label: string; color: string } | null {
  if (p === null || p === undefined || !Number.isFinite(p)) return null;
  if (p >= 0.7) return { label: '容易', color: 'green' };
  if (p >= 0.4) return { label: '中等', color: 'blue' };
  return { label: '较难', color: 'red' };
}

// ---------------------------------------------------------------- filter bar

export type FilterField = 'course' | 'classType' | 'class' | 'registration' | 'scoreType';

/**
 * The shared report filter bar: 学科 (value '0' = 总分), 班级类型, 学校 (a joint exam's organiser: whose classes, 0 =
 * 全部学校), 班级 (0 = 全年级), 学籍类型 ('0' = 全部), 成绩类型; options from examReportComm/filter; every change goes
 * to the store (and every page refetches).
 */
export function FilterBar(props: {
  filter: ReportFilter;
  state: ReportFilterState;
  setState: (p: Partial<ReportFilterState>) => void;
  fields?: FilterField[];
  /** Leave 总分 out of the course list (paper analysis needs a subject). */
  noTotal?: boolean;
  extra?: ReactNode;
}) {
  const { filter, state, setState } = props;
  const fields = props.fields ?? ['course', 'classType', 'class', 'registration', 'scoreType'];
  const classType = String(state.classType ?? '');
  const school = typeof state.schoolId === 'number' ? state.schoolId : 0;
  const classOptions = filter.classes.filter((c) => c.value === 0 || ((classType === '' || classType === '0' || c.classType === classType) && (!school || c.schoolId === school)));
  const courses = props.noTotal ? filter.courses.filter((c) => c.value !== '0') : filter.courses;
  const courseValue = props.noTotal && String(state.courseCode) === '0' ? courses[0]?.value : String(state.courseCode);
  return (
    <Card size="small" className="jz-report-filter" role="search" aria-label="报告筛选">
      <Space wrap size={[20, 10]}>
        {fields.includes('course') && (
          <label className="jz-filter-item"><span>学科</span>
            <Select aria-label="学科" style={{ width: 130 }} value={courseValue}
              options={courses.map((c) => ({ value: c.value, label: c.label }))}
              onChange={(v) => setState({ courseCode: v, selectCourseId: v })} />
          </label>
        )}
        {fields.includes('classType') && filter.classTypes.length > 0 && (
          <label className="jz-filter-item"><span>班级类型</span>
            <Select aria-label="班级类型" style={{ width: 120 }} value={classType === '' ? '0' : classType}
              options={[{ value: '0', label: '全部' }, ...filter.classTypes.filter((c) => c.value !== '0' && c.value !== '').map((c) => ({ value: c.value, label: c.label }))]}
              onChange={(v) => {
                const cls = filter.classes.find((c) => c.value === Number(state.selectClassId));
                const keep = v === '0' || !cls || cls.value === 0 || cls.classType === v;
                setState({ classType: v, ...(keep ? {} : { selectClassId: filter.defaults.classId, classCode: filter.defaults.classId }) });
              }} />
          </label>
        )}
        {fields.includes('class') && filter.schools && (
          <label className="jz-filter-item"><span>学校</span>
            <Select aria-label="学校" style={{ width: 170 }} value={school} showSearch optionFilterProp="label"
              options={filter.schools.map((c) => ({ value: c.value, label: c.label }))}
              onChange={(v) => setState({ schoolId: v, selectClassId: filter.defaults.classId, classCode: filter.defaults.classId })} />
          </label>
        )}
        {fields.includes('class') && (
          <label className="jz-filter-item"><span>班级</span>
            <Select aria-label="班级" style={{ width: 150 }} value={Number(state.selectClassId)} showSearch optionFilterProp="label"
              options={classOptions.map((c) => ({ value: c.value, label: c.label }))}
              onChange={(v) => setState({ selectClassId: v, classCode: v })} />
          </label>
        )}
        {fields.includes('registration') && (
          <label className="jz-filter-item"><span>学籍类型</span>
            <Select aria-label="学籍类型" style={{ width: 110 }} value={String(state.registrationType)}
              options={filter.registrationTypes.map((c) => ({ value: c.value, label: c.label }))}
              onChange={(v) => setState({ registrationType: v })} />
          </label>
        )}
        {fields.includes('scoreType') && (
          <label className="jz-filter-item"><span>成绩类型</span>
            <Select aria-label="成绩类型" style={{ width: 110 }} value={Number(state.scoreType)}
              options={filter.scoreTypes.map((c) => ({ value: c.value, label: c.label }))}
              onChange={(v) => setState({ scoreType: v })} />
          </label>
        )}
        {props.extra}
      </Space>
    </Card>
  );
}
