import { Button, Drawer, Empty, Input, Popconfirm, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { markingImageSrc } from '@/api/marking';
import { useMarkingImage } from './imageCache';
import { useStandardAnswer, type Answer } from './useStandardAnswer';

function AnswerImage({ src }: { src: string }) {
  const { url, failed } = useMarkingImage(src);
  if (failed) return <div style={{ color: '#999' }}>图片加载失败</div>;
  return url ? <img src={url} alt="标准答案" style={{ maxWidth: '100%', marginTop: 8 }} data-testid="standard-answer-image" /> : null;
}

/**
 * 标答: the block's standard answer and scoring notes (text and images), as the leader entered them; the block's
 * leaders (题组长, subject leaders) edit them here: the text, and PNG/JPEG images up to 2 MB.
 */
export function StandardAnswer({ open, onClose, blockId, answer: initial, canEdit }: {
  open: boolean; onClose: () => void; blockId: number; answer: Answer | undefined; canEdit: boolean;
}) {
  const s = useStandardAnswer(blockId, initial);
  const { answer } = s;
  const empty = !answer.text.trim() && answer.images.length === 0;
  return (
    <Drawer open={open} onClose={onClose} title="标准答案与评分细则" size="large" mask={false} data-testid="standard-answer">
      {canEdit && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }} data-testid="standard-answer-editor">
          <Input.TextArea rows={4} value={s.draft} onChange={(e) => s.setDraft(e.target.value)} maxLength={20000} placeholder="标准答案与评分细则（文字）" aria-label="标准答案文字" />
          <Space>
            <Button type="primary" loading={s.busy} onClick={() => void s.saveText()}>保存文字</Button>
            <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={(f) => { void s.upload(f); return false; }}>
              <Button icon={<UploadOutlined />} loading={s.busy}>上传图片</Button>
            </Upload>
            <Typography.Text type="secondary">PNG 或 JPEG，每张不超过 2 MB，每题块最多 10 张</Typography.Text>
          </Space>
        </Space>
      )}
      {empty && <Empty description="题组长尚未录入标准答案" />}
      {answer.text && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{answer.text}</Typography.Paragraph>}
      {answer.images.map((u) => (
        <div key={u} style={{ position: 'relative' }}>
          <AnswerImage src={markingImageSrc({ taskId: 0, imageUrl: u })} />
          {canEdit && (
            <Popconfirm title="删除这张图片？" okText="删除" cancelText="取消" onConfirm={() => void s.remove(u)}>
              <Button size="small" danger icon={<DeleteOutlined />} style={{ position: 'absolute', top: 12, right: 4 }} aria-label="删除图片" />
            </Popconfirm>
          )}
        </div>
      ))}
    </Drawer>
  );
}
