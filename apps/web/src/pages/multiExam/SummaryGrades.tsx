import { App, Alert, Button, Card, Input, Select, Space, Spin, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { SummaryGroup, SummaryStudent } from '@/api/multiExam';
import { PAGE_SIZE_OPTIONS } from '@/components/table';
import { useMulti } from './useMultiExam';
import { useSummaryGrades } from './useSummaryGrades';

const STATE_TAG = { absent: <Tag color="orange">缺考</Tag>, missing: <Tag color="red">未录入</Tag>, excluded: <span style={{ color: '#bbb' }}>不考</span> } as const;

/**
 * 成绩汇总 (/multidetails/summaryGrades, /schoolAnalysis/summaryGrades): per class (and school) and for all
 * candidates, each subject's 已录入 / 缺考 / 未录入 of its candidates; below, the students × subjects with 总分;
 * 导出Excel writes both. A joint exam has a school column and filter (a school taking part sees its own only).
 */
export default function SummaryGrades() {
  const { setting } = useMulti();
  const { message } = App.useApp();
  const s = useSummaryGrades(setting?.examId);
  if (!setting) return <Card><Spin /></Card>;
  const joint = setting.mode === 'joint';
  const subjects = s.data?.subjects ?? [];
  const groups: (SummaryGroup & { key: string })[] = s.data ? [
    ...(joint ? s.data.schoolRows.map((g) => ({ ...g, key: `s${g.schoolId}`, className: '全校' })) : []),
    ...s.data.classes.map((g) => ({ ...g, key: `c${g.classId}` })),
    { ...s.data.grade, key: 'all', schoolName: '', className: '全部' },
  ] : [];
  const classOptions = (s.data?.classes ?? []).map((c) => ({ value: c.classId!, label: joint ? `${c.schoolName} ${c.className}` : c.className }));
  const onExport = async () => { const msg = await s.exportExcel(); if (msg) message.error(msg); };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small" title="成绩汇总" extra={(
        <Space wrap>
          {joint && setting.role === 'organiser' && (
            <Select allowClear placeholder="全部学校" style={{ width: 160 }} value={s.filters.schoolId}
              onChange={(v: number | undefined) => s.search({ ...s.filters, schoolId: v, classId: undefined })}
              options={setting.schools.map((x) => ({ value: x.schoolId, label: x.schoolName }))} />
          )}
          <Select allowClear placeholder="全部班级" style={{ width: 160 }} value={s.filters.classId} options={classOptions}
            onChange={(v: number | undefined) => s.search({ ...s.filters, classId: v })} />
          <Input.Search allowClear placeholder="姓名或考号" style={{ width: 180 }} onSearch={(v) => s.search({ ...s.filters, keyword: v.trim() || undefined })} />
          <Button icon={<DownloadOutlined />} loading={s.exporting} onClick={() => void onExport()}>导出Excel</Button>
        </Space>
      )}>
        {s.error && <Alert type="error" showIcon message={s.error} style={{ marginBottom: 12 }} />}
        <Spin spinning={s.loading}>
          <Table<(typeof groups)[number]> size="small" bordered rowKey="key" pagination={false} dataSource={groups} scroll={{ x: true }} data-testid="summary-counts"
            columns={[
              ...(joint ? [{ title: '学校', dataIndex: 'schoolName', width: 140, fixed: 'left' as const }] : []),
              { title: '班级', dataIndex: 'className', width: 90, fixed: 'left' as const, render: (v: string, r) => (r.classId ? v : <b>{v}</b>) },
              { title: '考生', dataIndex: 'studentCount', width: 60 },
              ...subjects.map((sub, j) => ({
                title: sub.courseName,
                children: [
                  { title: '已录', key: `${sub.courseCode}e`, width: 56, render: (_: unknown, r: SummaryGroup) => r.subjects[j]!.entered },
                  { title: '缺考', key: `${sub.courseCode}a`, width: 56, render: (_: unknown, r: SummaryGroup) => r.subjects[j]!.absent },
                  { title: '未录', key: `${sub.courseCode}m`, width: 56, render: (_: unknown, r: SummaryGroup) => { const m = r.subjects[j]!.missing; return m ? <span style={{ color: '#cf1322' }}>{m}</span> : 0; } },
                ],
              })),
            ]} />
        </Spin>
      </Card>
      <Card size="small" title="学生成绩">
        <Table<SummaryStudent> size="small" bordered rowKey="examStudentId" loading={s.loading} dataSource={s.data?.students.records ?? []} scroll={{ x: true }} data-testid="summary-students"
          pagination={{ current: s.current, pageSize: s.size, total: s.data?.students.total ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS, showQuickJumper: true, showTotal: (t) => `共 ${t} 人`, onChange: s.setPage }}
          columns={[
            { title: '考号', dataIndex: 'examNo', width: 110, fixed: 'left' },
            { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
            ...(joint ? [{ title: '学校', dataIndex: 'schoolName', width: 140 }] : []),
            { title: '班级', dataIndex: 'className', width: 90 },
            ...subjects.map((sub, j) => ({
              title: `${sub.courseName}${sub.inTotal ? '' : '（不计总分）'}`, key: sub.courseCode, width: 80,
              render: (_: unknown, r: SummaryStudent) => (r.states[j] === 'entered' ? r.scores[j] : STATE_TAG[r.states[j] as keyof typeof STATE_TAG]),
            })),
            { title: '总分', dataIndex: 'total', width: 80, render: (v: number | null, r) => (v === null ? '—' : <span title={r.complete ? '' : '有科目未录入'}>{v}{r.complete ? '' : '*'}</span>) },
          ]} />
        <div style={{ color: '#888', marginTop: 8 }}>总分为计入总分的已录入科目之和；带 * 的考生有科目未录入。</div>
      </Card>
    </Space>
  );
}
