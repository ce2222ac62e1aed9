import { Button, Space, Spin, Tooltip } from 'antd';
import { ColumnWidthOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useMarkingImage } from './imageCache';
import type { ImageView } from './useImageView';

/**
 * The block image only (blind: the api crops the block, nothing of the student is on it): zoom, rotate, fit to width.
 * Width 100 % × zoom; a quarter turn swaps the box so the turned image still scrolls in full.
 */
export function PaperImage({ src, view, alt = '答题图片' }: { src: string | null; view: ImageView; alt?: string }) {
  const { url, failed } = useMarkingImage(src);
  const quarter = view.rotation % 180 !== 0;
  return (
    <div className="jz-mark-image" style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Space style={{ marginBottom: 6 }}>
        <Tooltip title="放大 (+)"><Button size="small" icon={<ZoomInOutlined />} aria-label="放大" onClick={view.zoomIn} /></Tooltip>
        <Tooltip title="缩小 (-)"><Button size="small" icon={<ZoomOutOutlined />} aria-label="缩小" onClick={view.zoomOut} /></Tooltip>
        <Tooltip title="旋转 (O)"><Button size="small" icon={<RotateRightOutlined />} aria-label="旋转" onClick={view.rotate} /></Tooltip>
        <Tooltip title="适应宽度 (W)"><Button size="small" icon={<ColumnWidthOutlined />} aria-label="适应宽度" onClick={view.fit} /></Tooltip>
        <span style={{ color: '#888' }}>{Math.round(view.zoom * 100)}%</span>
      </Space>
      <div style={{ flex: 1, overflow: 'auto', background: '#f5f5f5', border: '1px solid #eee', minHeight: 200 }}>
        {!src && <div style={{ padding: 48, textAlign: 'center', color: '#999' }}>无图片</div>}
        {src && failed && <div style={{ padding: 48, textAlign: 'center', color: '#999' }}>图片加载失败</div>}
        {src && !failed && !url && <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>}
        {url && (
          <div style={{ width: `${view.zoom * 100}%`, transform: `rotate(${view.rotation}deg)`, transformOrigin: 'center center', margin: quarter ? '15% auto' : undefined }}>
            <img src={url} alt={alt} data-testid="paper-image" draggable={false} style={{ width: '100%', display: 'block', userSelect: 'none' }} />
          </div>
        )}
      </div>
    </div>
  );
}
