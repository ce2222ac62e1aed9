import { Drawer, Empty, Typography } from 'antd';
import { markingImageSrc } from '@/api/marking';
import { useMarkingImage } from './imageCache';

function AnswerImage({ src }: { src: string }) {
  const { url, failed } = useMarkingImage(src);
  if (failed) return <div style={{ color: '#999' }}>图片加载失败</div>;
  return url ? <img src={url} alt="标准答案" style={{ maxWidth: '100%', marginTop: 8 }} /> : null;
}

/** 标答: the block's standard answer and scoring notes (text and images), as the leader entered them. */
export function StandardAnswer({ open, onClose, answer }: { open: boolean; onClose: () => void; answer: { text: string; images: string[] } | undefined }) {
  const empty = !answer || (!answer.text.trim() && answer.images.length === 0);
  return (
    <Drawer open={open} onClose={onClose} title="标准答案与评分细则" size="large" mask={false} data-testid="standard-answer">
      {empty && <Empty description="题组长尚未录入标准答案" />}
      {answer?.text && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{answer.text}</Typography.Paragraph>}
      {answer?.images.map((u) => <AnswerImage key={u} src={markingImageSrc({ taskId: 0, imageUrl: u })} />)}
    </Drawer>
  );
}
