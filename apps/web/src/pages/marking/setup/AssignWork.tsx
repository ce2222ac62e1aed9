import { useState } from 'react';
import { Alert, Button, Card, Empty, InputNumber, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { RatingMode } from '@jz/shared/marking';
import { RATING_MODE_NAMES } from '@/api/marking';
import { ALLOCATION_NAMES, type Allocation, type BlockMarker, type MarkingGroup } from '@/api/markingSetup';
import { ScanFrame } from '@/pages/scan/ScanFrame';
import { useScanExam } from '@/pages/scan/useScanExam';
import { MarkerPicker } from './MarkerPicker';
import { SchoolShares, schoolsOf, useSchoolShares } from './SchoolShares';
import { useAssignWork } from './useAssignWork';

type State = ReturnType<typeof useAssignWork>;

const NO_SHARES: [] = [];

const steps = (g: MarkingGroup) => [...new Set(g.questions.map((q) => q.step))].join(' / ');

/** `school`: a participating school under 各校阅卷 (its own markers only; the block's settings are the organiser's). */
function BlockCard({ g, s, courseCode, shares, school }: { g: MarkingGroup; s: State; courseCode?: string; shares: ReturnType<typeof useSchoolShares>; school?: boolean }) {
  const [picking, setPicking] = useState(false);
  const locked = g.started || !!school;
  const userOptions = s.users.map((u) => ({ value: u.userId, label: `${u.userName}（${u.loginId}）` }));
  return (
    <Card size="small" data-testid={`assign-block-${g.blockId}`}
      title={<Space><span>{g.name}</span><span style={{ color: '#666', fontWeight: 'normal' }}>第 {g.questions.map((q) => q.number).join('、')} 题，满分 {g.fullScore}</span>{locked && <Tag color="orange">已开始阅卷</Tag>}</Space>}>
      <Space wrap size={16} style={{ marginBottom: 12 }}>
        <span>评卷方式 <Select<RatingMode> aria-label="评卷方式" style={{ width: 150 }} value={g.ratingMode} disabled={locked}
          onChange={(v) => s.setRatingMode(g.blockId, v)}
          options={([1, 2, 3, 4, 5] as RatingMode[]).map((m) => ({ value: m, label: RATING_MODE_NAMES[m] }))} /></span>
        <span>误差阈值 <InputNumber aria-label="误差阈值" min={0} max={g.fullScore} value={g.tolerance} disabled={locked || g.ratingMode === 1}
          onChange={(v) => s.setTolerance(g.blockId, Number(v ?? 0))} style={{ width: 90 }} /></span>
        <span>给分步长 <Typography.Text strong>{steps(g)}</Typography.Text></span>
        <span>分配方式 <Select<Allocation> aria-label="分配方式" style={{ width: 120 }} value={g.allocation} disabled={!!school}
          onChange={(v) => s.setAllocation(g.blockId, v)}
          options={(Object.keys(ALLOCATION_NAMES) as Allocation[]).map((a) => ({ value: a, label: ALLOCATION_NAMES[a] }))} /></span>
        {!school && <span>题组长 <Select<number> aria-label="题组长" allowClear showSearch optionFilterProp="label" style={{ width: 200 }} placeholder="未设置"
          value={g.leaderUserId ?? undefined} onChange={(v) => s.setLeader(g.blockId, v ?? null)} options={userOptions} /></span>}
        <Tooltip title="开启后，阅卷老师每阅满 N 份，系统会把他本人阅过的一份试卷再次发给他（老师不知情），两次评分之差在误差阈值内计为一致；复评不计分、不计进度。">
          <span>个人一致性 每 <InputNumber aria-label="个人一致性间隔" min={0} max={10000} precision={0} value={g.recheckInterval || undefined} placeholder="关闭" disabled={!!school}
            onChange={(v) => s.setRecheckInterval(g.blockId, Number(v ?? 0))} style={{ width: 80 }} /> 份复评一次</span>
        </Tooltip>
        {g.schoolMarked ? (
          <Tooltip title="各校阅卷时每所学校只评本校考生的试卷，试评卷无法由题组长从各校试卷中统一选定，因此不进行试评。">
            <span data-testid="trial-off">试评 <Tag>各校阅卷不试评</Tag></span>
          </Tooltip>
        ) : (
          <Tooltip title="题组长先选定试评卷并给参考分；阅卷老师须先评完试评卷，题组长审核通过后才能正式阅卷。试评分不计分、不计进度。">
            <span>试评 <InputNumber aria-label="试评份数" min={0} max={50} precision={0} value={g.trialCount || undefined} placeholder="不试评" disabled={!!school}
              onChange={(v) => s.setTrialCount(g.blockId, Number(v ?? 0))} style={{ width: 80 }} /> 份</span>
          </Tooltip>
        )}
      </Space>
      {schoolsOf(s.users).length > 1 && (
        <SchoolShares blockId={g.blockId} schools={schoolsOf(s.users)} saved={shares.shares.get(g.blockId) ?? NO_SHARES} onSaved={() => void shares.reload()} />
      )}
      <Table<BlockMarker> rowKey="userId" size="small" pagination={false} dataSource={g.markers}
        locale={{ emptyText: '还没有阅卷老师' }}
        title={() => (
          <Space>
            <span>阅卷老师（{g.markers.length} 人）</span>
            <Button size="small" onClick={() => setPicking(true)}>选择阅卷老师</Button>
          </Space>
        )}
        columns={[
          { title: '姓名', dataIndex: 'userName' },
          { title: '账号', dataIndex: 'loginId' },
          {
            title: g.allocation === 'free' ? '领取上限' : '任务量', key: 'quota', width: 160,
            render: (_v, m) => (
              <InputNumber aria-label={`${m.userName}任务量`} min={0} max={100000} precision={0} value={m.quota ?? undefined}
                placeholder={g.allocation === 'free' ? '不限' : '平均'} onChange={(v) => s.patchMarker(g.blockId, m.userId, { quota: v == null ? null : Number(v) })} />
            ),
          },
          ...(g.allocation === 'class' ? [{
            title: '阅卷班级', key: 'classes', width: 260,
            render: (_v: unknown, m: BlockMarker) => (
              <Select<number[]> mode="multiple" aria-label={`${m.userName}班级`} style={{ width: 240 }} placeholder="选择班级" value={m.classIds}
                onChange={(v) => s.patchMarker(g.blockId, m.userId, { classIds: v })}
                options={s.teaching.classes.map((c) => ({ value: c.id, label: c.name }))} />
            ),
          }] : []),
          {
            title: '操作', key: 'op', width: 80,
            render: (_v, m) => <Button type="link" danger onClick={() => s.setMarkers(g.blockId, g.markers.filter((x) => x.userId !== m.userId).map((x) => x.userId))}>移除</Button>,
          },
        ]} />
      <MarkerPicker open={picking} users={s.users} teaching={s.teaching} courseCode={courseCode} value={g.markers.map((m) => m.userId)}
        onClose={() => setPicking(false)} onOk={(ids) => s.setMarkers(g.blockId, ids)} />
    </Card>
  );
}

export function Assign({ examSubjectId, gradeId, courseCode, school }: { examSubjectId: number; gradeId?: number; courseCode?: string; school?: boolean }) {
  const s = useAssignWork(examSubjectId, gradeId);
  const shares = useSchoolShares(examSubjectId, schoolsOf(s.users).length > 1);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="assign-work">
      <Card size="small">
        <Space wrap>
          <Button type="primary" loading={s.saving} onClick={() => void s.save()} disabled={!s.groups.length}>保存分配</Button>
          <Popconfirm title="确定清空本科目全部题块的阅卷老师？" description="已评的分数保留，未提交的试卷收回。" okText="清空" cancelText="取消"
            okButtonProps={{ danger: true }} onConfirm={() => void s.clean()}>
            <Button danger>清空分配</Button>
          </Popconfirm>
          <Button onClick={() => void s.reload()}>刷新</Button>
          {s.dirty && <Tag color="gold">有未保存的修改</Tag>}
          <span style={{ color: '#666' }}>{school ? '各校阅卷：题块与评卷方式由组织方设置，本校只安排本校教师阅本校考生的试卷。'
            : '评卷方式：单评；双评；双评+三评；双评+仲裁；双评+三评+仲裁。两评之差不超过误差阈值取平均分。'}</span>
        </Space>
      </Card>
      {s.error && <Alert type="warning" showIcon message={s.error} />}
      {!s.loading && !s.error && !s.groups.length && <Card><Empty description={school ? '组织方尚未设置题块' : '本科目没有主观题，无需分配阅卷任务'} /></Card>}
      {s.groups.map((g) => <BlockCard key={g.blockId} g={g} s={s} courseCode={courseCode} shares={shares} school={school} />)}
    </Space>
  );
}

/** /examDetailsEdit/assignWork (分配阅卷任务): per block, rating mode, tolerance, allocation, 题组长 and markers. */
export default function AssignWork() {
  const scan = useScanExam();
  return (
    <ScanFrame scan={scan} title="分配阅卷任务">
      {(id) => <Assign key={id} examSubjectId={id} gradeId={scan.exam?.gradeId} courseCode={scan.exam?.subjects.find((x) => x.id === id)?.courseCode} />}
    </ScanFrame>
  );
}
