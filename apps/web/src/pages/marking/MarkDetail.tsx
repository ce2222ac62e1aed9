import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Empty, Input, Popover, Result, Segmented, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { RATING_MODE_NAMES } from '@/api/marking';
import { HelpCard } from './panel/HelpCard';
import { PanelSettingsForm } from './panel/PanelSettingsForm';
import { ScorePanel } from './panel/ScorePanel';
import { usePanelSettings } from './panel/useScorePanel';
import type { PanelCommand } from './panel/scoring';
import { ArbitrationTable, AuditTable, ProblemTable, ReviewTable } from './MarkLists';
import { PaperImage } from './PaperImage';
import { ProblemDialog } from './ProblemDialog';
import { StandardAnswer } from './StandardAnswer';
import { formatCountdown, useLeaseCountdown } from './useLeaseCountdown';
import { useLeaderQueues, useReviewList } from './useMarkLists';
import { TrialPanel } from './TrialPanel';
import { useTrial } from './useTrial';
import { targetChosen, targetImage, useMarkDetail, type MarkMode } from './useMarkDetail';
import { useImageView } from './useImageView';
import { useMarkKeys } from './useMarkKeys';

const MARKER_MODES: { value: MarkMode; label: string }[] = [{ value: 'normal', label: '正评' }, { value: 'review', label: '回评' }];
const LEADER_MODES: { value: MarkMode; label: string }[] = [
  { value: 'abnormal', label: '问题卷' }, { value: 'arbitration', label: '仲裁' }, { value: 'check', label: '抽查' }, { value: 'audit', label: '改分记录' },
];
const TARGET_TITLES = { mark: '', rescore: '回评改分', resolve: '问题卷给分', arbitrate: '仲裁给分', override: '抽查', trialRef: '试评卷参考分' } as const;

/** /markDetail?blockId=…: blind on-screen marking of one block (spec §2). */
export default function MarkDetail() {
  const [params] = useSearchParams();
  const blockId = Number(params.get('blockId'));
  if (!Number.isInteger(blockId) || blockId <= 0) {
    return <Result status="warning" title="请从阅卷任务进入阅卷" extra={<Link to="/examMarking/markingTasks">返回阅卷任务</Link>} />;
  }
  return <MarkDetailBody key={blockId} blockId={blockId} />;
}

function MarkDetailBody({ blockId }: { blockId: number }) {
  const s = useMarkDetail(blockId);
  const view = useImageView();
  const { settings, update } = usePanelSettings();
  const [help, setHelp] = useState(false);
  const [problemOpen, setProblemOpen] = useState(false);
  const [answerOpen, setAnswerOpen] = useState(false);
  const review = useReviewList(blockId, s.mode === 'review' && !s.target);
  const leader = useLeaderQueues(blockId, s.block?.role === 'leader' && !s.target ? s.mode : '');
  const trial = useTrial(blockId, s.block?.role === 'leader' && s.mode === 'trial' && !s.target);
  const t = s.target;
  const lease = useLeaseCountdown(t?.kind === 'mark' ? t.paper.leaseExpiresAt : null);

  useMarkKeys((c: PanelCommand) => {
    if (s.busyRef.current && c.kind !== 'digit') return;
    switch (c.kind) {
      case 'digit': s.typeDigit(c.key); break;
      case 'submit': void s.submit(); break;
      case 'undo': if (t) s.panel.undo(); break;
      // Esc closes the key card when it is open; otherwise it clears the scores given
      case 'reset': if (help) setHelp(false); else if (t) s.panel.reset(); break;
      case 'full': if (t) s.panel.fill('full'); break;
      case 'zero': if (t) s.panel.fill('zero'); break;
      case 'problem': if (t?.kind === 'mark') setProblemOpen(true); break;
      case 'review': if (s.block?.marks) s.setMode(s.mode === 'review' ? 'normal' : 'review'); break;
      case 'help': setHelp((h) => !h); break;
      case 'zoomIn': view.zoomIn(); break;
      case 'zoomOut': view.zoomOut(); break;
      case 'rotate': view.rotate(); break;
      case 'fit': view.fit(); break;
    }
  }, !problemOpen && !!s.block);

  if (s.error) return <Result status="403" title={s.error} extra={<Link to="/examMarking/markingTasks">返回阅卷任务</Link>} />;
  if (!s.block) return <div style={{ padding: 64, textAlign: 'center' }}><Spin /></div>;
  const b = s.block;
  const markerModes = b.marks ? MARKER_MODES : [];
  const leaderModes = b.trialCount ? [...LEADER_MODES, { value: 'trial' as const, label: '试评' }] : LEADER_MODES;
  const modes = b.role === 'leader' ? [...markerModes, ...leaderModes] : MARKER_MODES;
  const vertical = settings.panelDerection === 2;

  const header = (
    <div className="jz-mark-header" style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap', padding: '8px 12px', background: '#fff', borderBottom: '1px solid #eee' }}>
      <Typography.Text strong data-testid="mark-title">{b.examName} · {b.subjectName} · {b.blockName}</Typography.Text>
      <Tag>{RATING_MODE_NAMES[b.ratingMode] ?? ''}</Tag>
      {targetChosen(t) && <Tag color="orange" data-testid="mark-chosen">{targetChosen(t)!.text}</Tag>}
      {t?.kind === 'mark' && t.paper.trial && (
        <Tooltip title="试评卷：评分不计入成绩和进度；评完全部试评卷后，由题组长审核通过才能正式阅卷">
          <Tag color="purple" data-testid="mark-trial">试评</Tag>
        </Tooltip>
      )}
      <Segmented<MarkMode> value={s.mode} options={modes} onChange={(m) => s.setMode(m)} data-testid="mark-modes" />
      {/* 已阅 of the marker's 任务量 (a fixed share); under 自由领取 there is none: the block's marks stand beside it */}
      <Tooltip title={`题块评分任务 ${b.blockTasks}，已阅 ${b.blockDone}，待领取 ${b.unclaimed}（进入本页时）`}>
        <span data-testid="mark-progress">{b.fixed ? <>已阅 <b>{s.done}</b> / {b.assigned}</> : <>已阅 <b>{s.done}</b>（自由领取，题块已阅 {b.blockDone} / {b.blockTasks}）</>}</span>
      </Tooltip>
      {lease !== null && (
        <Tooltip title="本份试卷为你保留的剩余时间，超时后将回到待阅池">
          <span data-testid="lease-countdown" style={{ color: lease < 60 ? '#cf1322' : undefined }}>
            剩余时间 {lease > 0 ? formatCountdown(lease) : '已超时'}
          </span>
        </Tooltip>
      )}
      <div style={{ flex: 1 }} />
      <Space>
        <Button danger disabled={t?.kind !== 'mark'} onClick={() => setProblemOpen(true)}>问题卷</Button>
        <Button onClick={() => setAnswerOpen((o) => !o)}>标答</Button>
        <Popover trigger="click" placement="bottomRight" title="阅卷面板设置" content={<PanelSettingsForm settings={settings} onChange={update} />}>
          <Button icon={<SettingOutlined />}>设置</Button>
        </Popover>
        <Button icon={<QuestionCircleOutlined />} onClick={() => setHelp((h) => !h)} aria-label="快捷键">?</Button>
      </Space>
    </div>
  );

  const work = t && (
    <div data-testid="mark-work" data-task-id={t.kind === 'mark' ? t.paper.taskId : undefined}
      style={{ display: 'flex', flexDirection: vertical ? 'row' : 'column', gap: 12, padding: 12, height: 'calc(100vh - 140px)', minHeight: 480 }}>
      <div style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        {t.kind !== 'mark' && (
          <Space style={{ marginBottom: 8 }}>
            <Typography.Text strong>{TARGET_TITLES[t.kind]}</Typography.Text>
            {t.kind === 'override' && t.paper.given && <Tag color="blue">原评分：{t.paper.given.total}（{t.paper.given.scores.join(' + ')}）</Tag>}
            {t.kind === 'trialRef' && <Button size="small" onClick={() => void trial.pick(t.paper.paperId).then((p) => { if (p) s.show({ kind: 'trialRef', paper: p }); })}>换一份</Button>}
            <Button size="small" onClick={() => s.show(null)}>返回列表</Button>
          </Space>
        )}
        <PaperImage src={targetImage(t)} view={view} />
      </div>
      <div style={{ width: vertical ? 340 : '100%', flexShrink: 0 }}>
        {(t.kind === 'rescore' || t.kind === 'override') && (
          <Input style={{ marginBottom: 8 }} placeholder={t.kind === 'override' ? '改分原因（必填）' : '改分原因（选填）'} value={s.reason}
            onChange={(e) => s.setReason(e.target.value)} aria-label="改分原因" maxLength={200}
            onPressEnter={(e) => { (e.target as HTMLInputElement).blur(); }} />
        )}
        <ScorePanel panel={s.panel} items={s.items} settings={settings} onSubmit={() => void s.submit()} submitting={s.busy}
          submitLabel={t.kind === 'mark' ? '提交 (Enter)' : '保存'} />
      </div>
    </div>
  );

  let list: React.ReactNode = null;
  if (!t) {
    if (s.mode === 'normal') {
      list = s.empty
        ? <Empty style={{ marginTop: 96 }} description={s.empty}><Button onClick={() => void s.retry()}>刷新</Button> <Link to="/examMarking/markingTasks">返回阅卷任务</Link></Empty>
        : <div style={{ padding: 64, textAlign: 'center' }}><Spin /></div>;
    } else if (s.mode === 'review') {
      list = <ReviewTable list={review} onOpen={(row) => s.show({ kind: 'rescore', row }, row.scores)} />;
    } else if (s.mode === 'abnormal') {
      list = <ProblemTable rows={leader.problems} loading={leader.loading} onScore={(row) => s.show({ kind: 'resolve', row })}
        onReturn={(row) => void s.returnProblem(row).then((ok) => { if (ok) void leader.reload(); })} />;
    } else if (s.mode === 'arbitration') {
      list = <ArbitrationTable rows={leader.arbitrations} loading={leader.loading} onOpen={(row) => s.show({ kind: 'arbitrate', row })} />;
    } else if (s.mode === 'check') {
      list = (
        <Empty style={{ marginTop: 96 }} description="抽查：随机取一份已阅试卷，查看评分并可改分（须填写原因）">
          <Button type="primary" onClick={() => void s.check()}>抽查下一份</Button>
        </Empty>
      );
    } else if (s.mode === 'trial') {
      list = <TrialPanel trial={trial} onPick={() => void trial.pick().then((p) => { if (p) s.show({ kind: 'trialRef', paper: p }); })}
        onOpen={(p) => s.show({ kind: 'trialRef', paper: p }, p.scores)} />;
    } else list = <AuditTable rows={leader.audit} loading={leader.loading} />;
  }

  return (
    <div className="jz-mark-detail" data-testid="mark-detail">
      {header}
      {lease === 0 && t?.kind === 'mark' && (
        <Alert type="warning" showIcon banner message="本份试卷的保留时间已到，可能已被他人领取；提交若被拒绝，请点刷新领取下一份"
          action={<Button size="small" onClick={() => void s.retry()}>刷新</Button>} />
      )}
      {work}
      {!t && <div style={{ padding: 12 }}>{list}</div>}
      <ProblemDialog open={problemOpen} onCancel={() => setProblemOpen(false)}
        onOk={async (kind, note) => { const ok = await s.problem(kind, note); if (ok) setProblemOpen(false); return ok; }} />
      <StandardAnswer open={answerOpen} onClose={() => setAnswerOpen(false)} blockId={blockId} answer={b.standardAnswer} canEdit={b.role === 'leader'} />
      {help && <HelpCard onClose={() => setHelp(false)} />}
    </div>
  );
}
