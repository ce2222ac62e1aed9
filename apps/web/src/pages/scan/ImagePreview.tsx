import { useEffect, useState } from 'react';
import { Button, Modal, Space, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined, RotateLeftOutlined, RotateRightOutlined, UndoOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { SheetImage } from './SheetImage';

export interface PreviewItem { key: string | number; src: string; title: string }

const ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3];

/** A sheet image full size: 上一张 / 下一张 (also ← →), zoom and rotate (turning the view only, not the stored image). */
export function ImagePreview({ items, index, onIndex, onClose }: { items: PreviewItem[]; index: number | null; onIndex: (i: number) => void; onClose: () => void }) {
  const [zoom, setZoom] = useState(3);
  const [turn, setTurn] = useState(0);
  const open = index !== null && index >= 0 && index < items.length;
  const go = (d: number) => { if (index === null) return; const n = index + d; if (n >= 0 && n < items.length) onIndex(n); };
  useEffect(() => { setTurn(0); }, [index]);
  useEffect(() => {
    if (!open) return;
    const key = (e: KeyboardEvent) => { if (e.key === 'ArrowLeft') go(-1); if (e.key === 'ArrowRight') go(1); };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  });
  if (!open) return null;
  const item = items[index];
  const scale = ZOOMS[zoom];
  return (
    <Modal open title={`${item.title}（${index + 1}/${items.length}）`} onCancel={onClose} footer={null} width="min(1100px, 96vw)" centered destroyOnHidden>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button icon={<LeftOutlined />} disabled={index === 0} onClick={() => go(-1)}>上一张</Button>
        <Button icon={<RightOutlined />} iconPosition="end" disabled={index === items.length - 1} onClick={() => go(1)}>下一张</Button>
        <Tooltip title="缩小"><Button aria-label="缩小" icon={<ZoomOutOutlined />} disabled={zoom === 0} onClick={() => setZoom(zoom - 1)} /></Tooltip>
        <span data-testid="preview-zoom" style={{ minWidth: 48, textAlign: 'center', display: 'inline-block' }}>{Math.round(scale * 100)}%</span>
        <Tooltip title="放大"><Button aria-label="放大" icon={<ZoomInOutlined />} disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)} /></Tooltip>
        <Tooltip title="向左旋转"><Button aria-label="向左旋转" icon={<RotateLeftOutlined />} onClick={() => setTurn(turn - 90)} /></Tooltip>
        <Tooltip title="向右旋转"><Button aria-label="向右旋转" icon={<RotateRightOutlined />} onClick={() => setTurn(turn + 90)} /></Tooltip>
        <Tooltip title="还原"><Button aria-label="还原" icon={<UndoOutlined />} onClick={() => { setZoom(3); setTurn(0); }} /></Tooltip>
      </Space>
      <div data-testid="preview-stage" style={{ height: '72vh', overflow: 'auto', background: '#f0f2f5', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <div style={{ transform: `rotate(${turn}deg)`, transition: 'transform .2s', width: `${scale * 100}%`, minWidth: `${scale * 100}%` }}>
          <SheetImage key={item.key} src={item.src} alt={item.title} style={{ width: '100%', display: 'block' }} />
        </div>
      </div>
    </Modal>
  );
}
