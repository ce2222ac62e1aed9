import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Input, Segmented } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TranscriptRow } from '@jz/shared/api/report';
import type { ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { byNumber, byText, fmt } from '../common/format';
import { ReportBlock, ReportTable } from '../common/kit';
import { useJointScope } from '../common/scope';

const FIELD_LABELS: Record<string, string> = { score: '成绩', classRank: '班级排名', gradeRank: '年级排名' };
/** A joint exam (docs/DECISIONS.md "Joint ranks"): the grade rank is the 联考排名, and 校内排名 stands beside it. */
const JOINT_LABELS: Record<string, string> = { ...FIELD_LABELS, gradeRank: '联考排名' };
type Row = TranscriptRow & { schoolRanks?: (number | null)[] };
const DEFAULT_FIELDS = ['score', 'classRank', 'gradeRank'];
type TotalPosition = 'first' | 'last';
const POSITION_KEY = 'jz-transcript-total-position';
const storedPosition = (): TotalPosition => (localStorage.getItem(POSITION_KEY) === 'last' ? 'last' : 'first');

/**
 * 成绩单: every student's score, class rank and grade rank per subject and total (server paging); the column
 * chooser picks which of 成绩 / 班级排名 / 年级排名 are shown (and exported).
 */
export function TranscriptModule({ params, title = '成绩单', fieldOptions }: {
  params: ReportParams;
  title?: string;
  fieldOptions?: { value: string; label: string }[];
}) {
  const [fields, setFields] = useState<string[]>(DEFAULT_FIELDS);
  const [keyword, setKeyword] = useState('');
  // 总分 beside the names (default) or after the subjects; remembered in this browser.
  const [totalPosition, setTotalPosition] = useState<TotalPosition>(storedPosition);
  const choosePosition = (v: TotalPosition) => { localStorage.setItem(POSITION_KEY, v); setTotalPosition(v); };
  const [page, setPage] = useState({ current: 1, size: 50 });
  const base = JSON.stringify(params);
  useEffect(() => { setPage((p) => ({ ...p, current: 1 })); }, [base, keyword, fields]);
  const query = useMemo(() => ({ ...params, fields: fields.join(','), keyword: keyword || undefined, totalPosition, current: page.current, size: page.size }), [params, fields, keyword, totalPosition, page]);
  const exportQuery = useMemo(() => ({ ...params, fields: fields.join(','), keyword: keyword || undefined, totalPosition }), [params, fields, keyword, totalPosition]);
  const { data, loading, error, reload } = useReport('transcript', query);
  const cols = data?.columns ?? [];
  const joint = useJointScope();
  const labels = joint ? JOINT_LABELS : FIELD_LABELS;
  const shown = data?.fields ?? fields;
  const columns = useMemo<TableColumnsType<Row>>(() => {
    // as the joint export: 校内排名 after the asked fields whenever a rank is asked
    const shownCols = joint && shown.some((f) => f !== 'score') ? [...shown, 'schoolRank'] : shown;
    return [
      { title: '考号', dataIndex: 'admissionNo', key: 'admissionNo', fixed: 'left', width: 110, sorter: byText((r: TranscriptRow) => r.admissionNo) },
      { title: '姓名', dataIndex: 'name', key: 'name', fixed: 'left', width: 90 },
      { title: '班级', dataIndex: 'className', key: 'className', width: 100, sorter: byText((r: TranscriptRow) => r.className) },
      { title: '学籍类型', dataIndex: 'registrationType', key: 'registrationType', width: 90, render: (v: string) => v || '—' },
      ...cols.map((c, k) => ({
        title: `${c.name}（${fmt(c.fullScore)}）`,
        key: `col-${c.code}`,
        children: shownCols.map((f) => {
          const get = (r: Row) => (f === 'score' ? r.scores[k] : f === 'classRank' ? r.classRanks[k] : f === 'schoolRank' ? r.schoolRanks?.[k] : r.gradeRanks[k]) ?? null;
          return {
            title: f === 'schoolRank' ? '校内排名' : labels[f] ?? f,
            key: `${c.code}-${f}`,
            align: 'right' as const,
            width: f === 'score' ? 80 : 86,
            render: (_: unknown, r: Row) => {
              if (f === 'score' && r.scores[k] === null) return <span className="jz-muted">缺考</span>;
              return c.isTotal && f === 'score' ? <b>{fmt(get(r))}</b> : fmt(get(r));
            },
            sorter: byNumber(get),
          };
        }),
      })),
    ];
  }, [cols, shown, joint, labels]);
  const options = (fieldOptions && fieldOptions.length ? fieldOptions : DEFAULT_FIELDS.map((v) => ({ value: v, label: FIELD_LABELS[v]! })))
    .map((o) => ({ ...o, label: joint ? labels[o.value] ?? o.label : o.label }));
  return (
    <ReportBlock title={title} reportKey="transcript" params={exportQuery as ReportParams} error={error} onReload={reload}
      extra={(
        <>
          <Segmented<TotalPosition> aria-label="总分位置" value={totalPosition} onChange={choosePosition}
            options={[{ value: 'first', label: '总分在前' }, { value: 'last', label: '总分在后' }]} />
          <Checkbox.Group aria-label="显示列" value={fields} options={options}
            onChange={(v) => { if (v.length) setFields(DEFAULT_FIELDS.filter((f) => (v as string[]).includes(f))); }} />
          <Input.Search allowClear placeholder="姓名 / 考号" style={{ width: 180 }} onSearch={(v) => setKeyword(v.trim())} aria-label="搜索学生" />
        </>
      )}>
      <ReportTable<Row>
        testId="report-table-transcript"
        rowKey="examStudentId"
        loading={loading}
        columns={columns}
        dataSource={data?.records ?? []}
        pagination={{
          current: data?.current ?? page.current,
          pageSize: data?.size ?? page.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (t) => `共 ${t} 名学生`,
          onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
        }}
      />
    </ReportBlock>
  );
}
