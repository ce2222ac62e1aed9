import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { RenderJobState } from '@/api/render';
import type { RenderJobHandle } from './useRenderJob';

/** State names shown to the user (contract RENDER_STATE_LABELS). */
export const JOB_STATE_TEXT: Record<RenderJobState, string> = { waiting: '排队中', active: '生成中', completed: '已完成', failed: '失败' };

const clamp = (p: number) => Math.max(0, Math.min(100, Math.round(Number.isFinite(p) ? p : 0)));

/** A job's state (排队中 / 生成中 / 已完成 / 失败), its 0–100 bar and the server's error; `done` when the file is ready. */
export function jobView(h: RenderJobHandle) {
  const j = h.job;
  const failed = !!h.error || j?.state === 'failed';
  const state: RenderJobState = failed ? 'failed' : j?.state ?? 'waiting';
  const done = state === 'completed';
  return { j, failed, state, done, percent: done ? 100 : clamp(j?.progress ?? 0) };
}

/** The state line, bar and error of a render job (the modal's body; also shown inline by a print page). */
export function JobProgressView({ job: h }: { job: RenderJobHandle }) {
  const { j, failed, state, done, percent } = jobView(h);
  return (
    <div data-testid="job-progress">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        状态：<Typography.Text strong data-testid="job-state" type={failed ? 'danger' : done ? 'success' : undefined}>{JOB_STATE_TEXT[state]}</Typography.Text>
        {j?.fileName ? <Typography.Text type="secondary" style={{ marginLeft: 12 }}>{j.fileName}</Typography.Text> : null}
      </Typography.Paragraph>
      <Progress percent={percent} status={failed ? 'exception' : done ? 'success' : 'active'} aria-label="生成进度" />
      {done && h.delivered && !failed && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="job-delivered">
          {h.auto === 'print' ? '已打开打印窗口；如未打开，文件已保存到下载目录。' : '文件已开始下载；如未开始，请点击“下载”。'}
        </Typography.Paragraph>
      )}
      {failed && <Alert type="error" showIcon style={{ marginTop: 12 }} title={h.error ?? j?.error ?? '生成失败'} data-testid="job-error" />}
    </div>
  );
}

/**
 * Progress of a render job: state (排队中 / 生成中 / 已完成 / 失败), a 0–100 bar, the server's error, and
 * 下载 (and 打印 for PDFs) once the file is ready. Not closed by a click on the mask.
 */
export function JobProgressModal({ job: h, printable = false }: { job: RenderJobHandle; printable?: boolean }) {
  const { j, done } = jobView(h);
  const isPdf = !j?.fileName || j.fileName.toLowerCase().endsWith('.pdf');
  return (
    <Modal
      open={h.open}
      title={h.title || '生成文件'}
      maskClosable={false}
      onCancel={h.close}
      destroyOnHidden
      footer={(
        <Space>
          <Button onClick={h.close}>关闭</Button>
          {printable && isPdf && (
            <Button icon={<PrinterOutlined />} disabled={!done} loading={h.downloading} onClick={() => void h.print()}>打印</Button>
          )}
          <Button type="primary" icon={<DownloadOutlined />} disabled={!done} loading={h.downloading} onClick={() => void h.download()} data-testid="job-download">下载</Button>
        </Space>
      )}
    >
      <JobProgressView job={h} />
    </Modal>
  );
}
