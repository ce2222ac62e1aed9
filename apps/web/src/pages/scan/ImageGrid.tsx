import { useState, type ReactNode } from 'react';
import { Empty } from 'antd';
import { ImagePreview, type PreviewItem } from './ImagePreview';
import { SheetImage } from './SheetImage';
import { useGridColumns } from './useGridColumns';

/** Scanned images as a grid (7 columns by default, fewer when narrower); a click opens the preview on that image. */
export function ImageGrid({ items, caption }: { items: PreviewItem[]; caption?: (item: PreviewItem, i: number) => ReactNode }) {
  const { ref, cols } = useGridColumns();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div ref={ref} data-testid="scan-image-grid" data-cols={cols}>
      {items.length === 0 ? <Empty description="暂无图片" /> : (
        <div style={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gap: 12 }}>
          {items.map((it, i) => (
            <button key={it.key} type="button" className="jz-scan-thumb" onClick={() => setOpen(i)} aria-label={`查看 ${it.title}`}
              style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 4, background: '#fff', cursor: 'zoom-in', textAlign: 'center' }}>
              <SheetImage src={it.src} alt={it.title} style={{ width: '100%', aspectRatio: '210 / 297', objectFit: 'contain', display: 'block' }} />
              <div style={{ fontSize: 12, color: '#595959', marginTop: 4, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{caption ? caption(it, i) : it.title}</div>
            </button>
          ))}
        </div>
      )}
      <ImagePreview items={items} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </div>
  );
}
