import type { ScanDoubt, ScanRect } from '@/api/scan';

/**
 * The bubbles of one doubtful group cut out of the page image (CSS crop of the already loaded image, scaled to
 * at most `height` px high and `width` px wide), each option's darkness (0–100) under it; the options read as
 * marked are outlined.
 */
export function BubbleCrops({ imageUrl, doubt, height = 56, width = 400 }: { imageUrl: string | null; doubt: ScanDoubt; height?: number; width?: number }) {
  const r: ScanRect = doubt.rect;
  const scale = Math.min(height / Math.max(1, r.h), width / Math.max(1, r.w));
  const shownH = r.h * scale;
  return (
    <div data-testid={`crop-${doubt.kind}-${doubt.id}`}>
      <div style={{ position: 'relative', width: r.w * scale, height: shownH, overflow: 'hidden', border: '1px solid #d9d9d9', background: '#fff' }}>
        {imageUrl && <img src={imageUrl} alt={`第${doubt.id}题涂点`} draggable={false}
          style={{ position: 'absolute', left: -r.x * scale, top: -r.y * scale, transformOrigin: '0 0', transform: `scale(${scale})`, maxWidth: 'none' }} />}
        {doubt.options.map((o) => (
          <div key={o.value} style={{
            position: 'absolute', left: (o.rect.x - r.x) * scale - 2, top: (o.rect.y - r.y) * scale - 2, width: o.rect.w * scale + 4, height: o.rect.h * scale + 4,
            border: doubt.marked.includes(o.value) ? '2px solid #1677ff' : '1px dashed rgba(250,140,22,.6)', borderRadius: 3, pointerEvents: 'none',
          }} />
        ))}
      </div>
      <div style={{ position: 'relative', width: r.w * scale, height: 18, fontSize: 11, color: '#666' }}>
        {doubt.options.map((o) => (
          <span key={o.value} style={{ position: 'absolute', left: (o.rect.x - r.x) * scale, width: o.rect.w * scale, textAlign: 'center' }} title={`${o.value} 深度 ${o.darkness.toFixed(2)}`}>
            {o.value} {Math.round(o.darkness * 100)}
          </span>
        ))}
      </div>
    </div>
  );
}
