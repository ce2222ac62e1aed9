import type { ReactNode } from 'react';
import { formatTimestamp } from '@jz/shared';
import { Alert, Button, Result, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ReportFilter, ReportParams } from '@/api/report';
import type { ReportFilterState } from '@/stores/reportFilter';
import { useReportContext } from './context';
import { FilterBar, type FilterField } from './kit';
import { useJointScope } from './scope';

export interface ReportPageContext {
  examId: string;
  params: ReportParams;
  filter: ReportFilter;
  state: ReportFilterState;
  setState: (p: Partial<ReportFilterState>) => void;
}

/** Exam name, grade and report version line under a report's title. */
export function ExamMeta({ filter }: { filter: ReportFilter }) {
  const m = filter.meta;
  return (
    <div className="jz-report-head-meta">
      {m.examName}{m.gradeName ? ` · ${m.gradeName}` : ''}{m.computedAt ? ` · 报告生成于 ${formatTimestamp(m.computedAt, 'YYYY-MM-DD HH:mm')}` : ''}
    </div>
  );
}

/**
 * A report page: title (h1) with the exam, the shared filter bar (only `fields`), then the modules, rendered
 * once the filter options are loaded and the stored filter is valid for the caller.
 */
export function ReportPage({ title, fields, noTotal, filterExtra, children }: {
  title: string;
  fields?: FilterField[];
  noTotal?: boolean;
  filterExtra?: ReactNode;
  children: (ctx: ReportPageContext) => ReactNode;
}) {
  const ctx = useReportContext();
  const navigate = useNavigate();
  const joint = useJointScope();
  if (!ctx.examId) {
    return (
      <Result status="info" title="请选择考试" subTitle={joint ? '请从联考列表中选择一场已发布的联考查看报告' : '请从分析报告列表中选择一场已发布的考试查看报告'}
        extra={<Button type="primary" onClick={() => navigate(joint ? '/jointExamination/list' : '/analysisReportList/list')}>返回报告列表</Button>} />
    );
  }
  if (ctx.filterError) return <Alert type="error" showIcon title={ctx.filterError} style={{ margin: 16 }} />;
  if (!ctx.filter || !ctx.ready) return <div style={{ padding: 80, textAlign: 'center' }}><Spin size="large" /></div>;
  const filter = ctx.filter;
  return (
    <div className="jz-report-page">
      <div className="jz-report-head">
        <div>
          <h1>{title}</h1>
          <ExamMeta filter={filter} />
        </div>
      </div>
      {(fields === undefined || fields.length > 0 || filterExtra) && (
        <FilterBar filter={filter} state={ctx.state} setState={ctx.setState} fields={fields} noTotal={noTotal} extra={filterExtra} />
      )}
      {children({ examId: ctx.examId, params: ctx.params, filter, state: ctx.state, setState: ctx.setState })}
    </div>
  );
}
