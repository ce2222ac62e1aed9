import { Alert, Space, Tag, Typography } from 'antd';
import { formatTimestamp } from '@jz/shared';
import type { AnswerCard } from '@/api/card';
import type { CreateRenderJobBody } from '@/api/render';
import type { RenderJobHandle } from '@/components/job';

/** Starts the PDF of the card (the saved one, else the default) on the render queue. */
export const startCardJob = (job: Pick<RenderJobHandle, 'start'>, card: AnswerCard) => {
  const body: CreateRenderJobBody = { type: 'card', examId: card.examId, examSubjectId: card.examSubjectId };
  return job.start(body, `答题卡：${card.subjectName}`);
};

/** The maker of the card's exam subject. */
export const makerLink = (card: AnswerCard) => `/makeSheetCard?examId=${card.examId}&examSubjectId=${card.examSubjectId}`;

/** Pages of a printed card's HTML (one <section class="page"> per A4 page). */
export const pagesOf = (html: string) => (html.match(/<section class="page"/g) ?? []).length;

/** The printed card: the very HTML the PDF is made from, at A4 size, in a sandboxed frame. */
export function CardFrame({ html, height }: { html: string; height: string }) {
  return (
    <iframe title="答题卡预览" srcDoc={html} sandbox="" data-testid="card-preview"
      style={{ width: '100%', height, border: 0, background: '#fff', display: 'block' }} />
  );
}

/** 已保存 (by whom, when) / 默认答题卡（未保存）, and a warning when the saved card no longer matches its exam subject. */
export function CardSavedState({ card, dirty = false }: { card: AnswerCard; dirty?: boolean }) {
  return (
    <div data-testid="card-status">
      <Space wrap size={4}>
        {dirty && <Tag color="warning">有未保存的修改</Tag>}
        {card.saved ? <Tag color="success">已保存</Tag> : <Tag>默认答题卡（未保存）</Tag>}
        {card.saved && card.updatedAt !== null && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {card.updatedBy ?? ''} 保存于 {formatTimestamp(card.updatedAt, 'YYYY-MM-DD HH:mm')}
          </Typography.Text>
        )}
      </Space>
      {card.outdated && (
        <Alert type="warning" showIcon style={{ marginTop: 8 }}
          title="小题设置或考试信息在保存后有变更，已保存的答题卡与当前不一致，打印的仍是已保存的版式；请检查后重新保存。" />
      )}
    </div>
  );
}
