import { useEffect, useMemo, useState } from 'react';
import { Empty, Tag, Tooltip } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { StudentRef, StudentWeak } from '@jz/shared/api/report';
import type { ReportKey, ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { byNumber, byText, fmt, signed } from '../common/format';
import { numCol } from '../common/columns';
import { ReportBlock, ReportSection, ReportTable } from '../common/kit';

/** Server paging of a report list: resets to page 1 when the query changes. */
function usePaged(params: ReportParams, size0 = 50) {
  const [page, setPage] = useState({ current: 1, size: size0 });
  const base = JSON.stringify(params);
  useEffect(() => { setPage((p) => ({ ...p, current: 1 })); }, [base]);
  const query = useMemo(() => ({ ...params, current: page.current, size: page.size }), [params, page]);
  const pagination = (d: { total: number; current: number; size: number } | null, unit = '名学生'): TablePaginationConfig => ({
    current: d?.current ?? page.current,
    pageSize: d?.size ?? page.size,
    total: d?.total ?? 0,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: [20, 50, 100, 200],
    showTotal: (t) => `共 ${t} ${unit}`,
    onChange: (current, size) => setPage({ current: size !== page.size ? 1 : current, size }),
  });
  return { query, pagination };
}

/** Rank change: 进步 red +n, 退步 green −n. */
export function Change({ v }: { v: number | null }) {
  if (v === null || !Number.isFinite(v)) return <span className="jz-muted">—</span>;
  return <span className={v > 0 ? 'jz-up' : v < 0 ? 'jz-down' : ''}>{signed(v)}</span>;
}

/**
 * 姓名, 班级, 总分, 年级排名, 班级排名, 参照排名, 名次变化 (the export's columns); with `common` (the two exams'
 * totals differ) also 共同科目排名, the rank the change is counted from.
 */
function refColumns<T extends StudentRef>(common = false): TableColumnsType<T> {
  const compare: TableColumnsType<T> = common
    ? [{ ...numCol<T>('共同科目排名', (r) => r.compareRank), title: <Tooltip title="本次考试按两次考试共同科目的总分重新计算的年级排名">共同科目排名</Tooltip> }]
    : [];
  return [
    { title: '姓名', dataIndex: 'name', key: 'name', fixed: 'left', width: 90 },
    { title: '班级', dataIndex: 'className', key: 'className', width: 100, sorter: byText((r: T) => r.className) },
    numCol<T>('总分', (r) => r.total),
    numCol<T>('年级排名', (r) => r.gradeRank),
    numCol<T>('班级排名', (r) => r.classRank),
    ...compare,
    { ...numCol<T>('参照排名', (r) => r.lastRank), title: <Tooltip title={common ? '参照考试中按共同科目总分计算的年级排名' : '参照考试（上次考试）中的年级排名'}>参照排名</Tooltip> },
    { ...numCol<T>('名次变化', (r) => r.change), render: (_: unknown, r: T) => <Change v={r.change} /> },
  ];
}

/** 学生进退步: per class the biggest risers / fallers and every student's rank change against the reference exam. */
export function StudentProgressModule({ params, title = '进退步分析' }: { params: ReportParams; title?: string }) {
  const { query, pagination } = usePaged(params);
  const { data, loading, error, reload } = useReport('studentProgress', query);
  const exportParams = params;
  return (
    <ReportBlock title={title} reportKey="studentProgress" params={exportParams} error={error} onReload={reload}
      sub={data ? (data.comparison?.message ?? (data.referenceName ? `对比考试：${data.referenceName}（名次变化 = 上次年级排名 − 本次年级排名，正数为进步）` : '暂无可对比的上次考试，名次变化不可用')) : undefined}>
      {data && data.classes.length > 0 && (
        <ReportSection title="各班进步与退步最大的学生">
          <ReportTable<{ classId: number; className: string; up: StudentRef[]; low: StudentRef[] }>
            rowKey="classId" pagination={false} dataSource={data.classes}
            columns={[
              { title: '班级', dataIndex: 'className', key: 'className', width: 100 },
              { title: '进步最大', key: 'up', render: (_, r) => (r.up.length ? r.up.map((s) => <Tag key={s.examStudentId} color="red">{s.name} ↑{fmt(s.change)}</Tag>) : <span className="jz-muted">—</span>) },
              { title: '退步最大', key: 'low', render: (_, r) => (r.low.length ? r.low.map((s) => <Tag key={s.examStudentId} color="green">{s.name} ↓{fmt(Math.abs(s.change ?? 0))}</Tag>) : <span className="jz-muted">—</span>) },
            ]} />
        </ReportSection>
      )}
      <ReportSection title="学生名次变化">
        <ReportTable<StudentRef> testId="report-table-studentProgress" rowKey="examStudentId" loading={loading} columns={refColumns<StudentRef>(data?.comparison?.mode === 'common')}
          dataSource={data?.records ?? []} pagination={pagination(data)} />
      </ReportSection>
    </ReportBlock>
  );
}

/** 尖子生与后进生: per class the top `topNumber` and bottom `bottomNumber` students by total. */
export function StudentTopModule({ params, title = '尖子生与后进生' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('studentTop', params);
  type TRow = StudentRef & { kind: '前列' | '后列' };
  const rows: TRow[] = useMemo(() => (data?.classes ?? []).flatMap((c) => [
    ...c.top.map((s) => ({ ...s, kind: '前列' as const })), ...c.bottom.map((s) => ({ ...s, kind: '后列' as const })),
  ]), [data]);
  const columns: TableColumnsType<TRow> = [
    {
      title: '类别', dataIndex: 'kind', key: 'kind', width: 80, fixed: 'left',
      filters: [{ text: '前列（尖子生）', value: '前列' }, { text: '后列（后进生）', value: '后列' }],
      onFilter: (v, r) => r.kind === v,
      render: (v: string) => <Tag color={v === '前列' ? 'red' : 'green'} style={{ marginInlineEnd: 0 }}>{v}</Tag>,
    },
    ...refColumns<TRow>(),
  ];
  return (
    <ReportBlock title={title} reportKey="studentTop" params={params} loading={loading} error={error} onReload={reload}
      sub="每班总分前列（尖子生）与后列（后进生）学生，人数按学生规则设置">
      {data && (data.classes.length === 0 ? <Empty description="暂无数据" /> : (
        <ReportSection title="各班尖子生与后进生名单">
          <ReportTable<TRow> testId="report-table-studentTop" rowKey={(r) => `${r.kind}-${r.classId}-${r.examStudentId}`} columns={columns} dataSource={rows} pageSize={50} />
        </ReportSection>
      ))}
    </ReportBlock>
  );
}

type WRow = StudentWeak['records'][number];

/** 薄弱学科: per student, subject grade rank − total grade rank per subject; the largest positive gap is the weak subject. */
export function StudentWeakModule({ params, title = '薄弱学科分析' }: { params: ReportParams; title?: string }) {
  const { query, pagination } = usePaged(params);
  const { data, loading, error, reload } = useReport('studentWeak', query);
  const subjects = data?.subjects ?? [];
  const nameOf = (code: string | null) => subjects.find((s) => s.code === code)?.name ?? null;
  const columns: TableColumnsType<WRow> = [
    ...refColumns<WRow>(),
    {
      title: '学科名次差（学科年级排名 − 总分年级排名）',
      key: 'gaps',
      children: subjects.map((s, k) => ({
        title: s.name, key: `gap-${s.code}`, align: 'right' as const,
        sorter: byNumber((r: WRow) => r.gaps[k]),
        render: (_: unknown, r: WRow) => {
          const g = r.gaps[k];
          return <span className={g !== null && g > 0 ? 'jz-down' : g !== null && g < 0 ? 'jz-up' : ''}>{signed(g)}</span>;
        },
      })),
    },
    { title: '优势学科', key: 'strong', width: 90, render: (_: unknown, r: WRow) => (nameOf(r.strongSubject) ? <Tag color="red">{nameOf(r.strongSubject)}</Tag> : '—') },
    { title: '薄弱学科', key: 'weak', width: 90, render: (_: unknown, r: WRow) => (nameOf(r.weakSubject) ? <Tag color="green">{nameOf(r.weakSubject)}</Tag> : '—') },
  ];
  return (
    <ReportBlock title={title} reportKey="studentWeak" params={params} error={error} onReload={reload}
      sub="排名差为正表示该学科名次落后于总分名次（偏科），最大者为薄弱学科">
      <ReportSection title="学生学科均衡">
        <ReportTable<WRow> testId="report-table-studentWeak" rowKey="examStudentId" loading={loading} columns={columns} dataSource={data?.records ?? []} pagination={pagination(data)} />
      </ReportSection>
    </ReportBlock>
  );
}

/** 评语分析: a comment per class and per student (paged). */
export function CommentModule({ params, title = '评语分析' }: { params: ReportParams; title?: string }) {
  const { query, pagination } = usePaged(params);
  const { data, loading, error, reload } = useReport('comment', query);
  type CR = { examStudentId: number; name: string; className: string; comment: string };
  return (
    <ReportBlock title={title} reportKey="comment" params={params} error={error} onReload={reload}>
      {data && data.classes.length > 0 && (
        <ReportSection title="班级评语">
          <ReportTable<{ classId: number; className: string; comment: string }> rowKey="classId" pagination={false} dataSource={data.classes}
            columns={[
              { title: '班级', dataIndex: 'className', key: 'className', width: 110 },
              { title: '评语', dataIndex: 'comment', key: 'comment', render: (v: string) => <div style={{ whiteSpace: 'normal', lineHeight: 1.7 }}>{v || '—'}</div> },
            ]} />
        </ReportSection>
      )}
      <ReportSection title="学生评语">
        <ReportTable<CR> testId="report-table-comment" rowKey="examStudentId" loading={loading} dataSource={data?.records ?? []} pagination={pagination(data)}
          scroll={undefined}
          columns={[
            { title: '姓名', dataIndex: 'name', key: 'name', width: 100 },
            { title: '班级', dataIndex: 'className', key: 'className', width: 110, sorter: byText((r: CR) => r.className) },
            { title: '评语', dataIndex: 'comment', key: 'comment', render: (v: string) => <div style={{ whiteSpace: 'normal', lineHeight: 1.7 }}>{v || '—'}</div> },
          ]} />
      </ReportSection>
    </ReportBlock>
  );
}

/** Module component of each report key (role pages compose these). */
export type ModuleComponent = (p: { params: ReportParams; title?: string }) => React.ReactNode;
export const STUDENT_KEYS: ReportKey[] = ['studentProgress', 'studentTop', 'studentWeak'];
