import { Button, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { panelBackground, type PanelSettings } from './panelSettings';
import { formatScore, scoreOptions, usesButtons, type ScoreItem } from './scoring';
import type { ScorePanelState } from './useScorePanel';

export interface ScorePanelProps {
  panel: ScorePanelState;
  items: ScoreItem[];
  settings: PanelSettings;
  /** Submit (the same as Enter). */
  onSubmit: () => void;
  submitting?: boolean;
  submitLabel?: string;
  /** Buttons of the page beside 提交 (问题卷…). */
  extra?: ReactNode;
}

/**
 * The score panel: the item being scored, one button per score (small full marks) or the typed digits (large ones),
 * 满分 / 零分, the drawn-scores list and its text, 撤销 / 清空 / 提交. Keys are handled by the page (useMarkKeys).
 */
export function ScorePanel({ panel, items, settings, onSubmit, submitting, submitLabel = '提交', extra }: ScorePanelProps) {
  const { background, opacity } = panelBackground(settings);
  const item = panel.current;
  const buttons = item && usesButtons(item, settings.giveScorePanelType);
  return (
    <div className="jz-mark-panel" data-testid="score-panel" style={{ background, opacity, padding: 12, borderRadius: 6 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', marginBottom: 8 }}>
        <Typography.Text strong data-testid="panel-current">
          {item ? `${item.label}（满分${formatScore(item.fullScore)}分）` : '已给完分，按回车提交'}
        </Typography.Text>
        <Typography.Text type="secondary">{Math.min(panel.index + 1, items.length)}/{items.length}</Typography.Text>
      </div>

      {item && buttons && (
        <div style={{ display: 'grid', gridTemplateColumns: `repeat(${settings.panelRow}, 1fr)`, gap: 6 }}>
          {scoreOptions(item).map((v) => (
            <Button key={v} aria-label={`${formatScore(v)}分`} onClick={() => panel.give(v)}>{formatScore(v)}</Button>
          ))}
        </div>
      )}
      {item && !buttons && (
        <div className="jz-mark-typing" data-testid="panel-typing" style={{ fontSize: 28, textAlign: 'center', background: '#fff', border: '1px solid #d9d9d9', borderRadius: 4, minHeight: 48 }}>
          {panel.buffer || <span style={{ color: '#bbb', fontSize: 14 }}>用键盘输入分数，回车确认</span>}
        </div>
      )}
      {item && buttons && panel.buffer && <div data-testid="panel-typing" style={{ marginTop: 6 }}>输入：{panel.buffer}</div>}

      {settings.showAllRight === 1 && (
        <Space style={{ marginTop: 8 }}>
          <Button onClick={() => panel.fill('full')}>满分</Button>
          <Button onClick={() => panel.fill('zero')}>零分</Button>
        </Space>
      )}

      {settings.showAdvancedFeatures === 1 && (
        <div style={{ marginTop: 8 }}>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            {panel.list.map((v, i) => <Tag key={i} title={items[i]?.label}>{items[i]?.label}：{formatScore(v)}</Tag>)}
          </div>
          <Typography.Text data-testid="panel-text" style={{ fontSize: 18 }}>{panel.text || '\u00a0'}</Typography.Text>
        </div>
      )}

      <div style={{ marginTop: 8, fontSize: 16 }}>
        总分：<b data-testid="panel-total">{formatScore(panel.total)}</b>
      </div>
      {panel.message && <Typography.Text type="danger" role="alert" data-testid="panel-message">{panel.message}</Typography.Text>}

      <Space wrap style={{ marginTop: 10 }}>
        <Button onClick={() => panel.undo()}>撤销</Button>
        <Button onClick={() => panel.reset()}>清空</Button>
        <Button type="primary" loading={submitting} disabled={!panel.complete} onClick={onSubmit}>{submitLabel}</Button>
        {extra}
      </Space>
    </div>
  );
}

export default ScorePanel;
