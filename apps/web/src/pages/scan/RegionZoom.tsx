import type { ScanPage, ScanRect } from '@/api/scan';
import { scanImageSrc } from '@/api/scan';
import { useAuthImage } from './SheetImage';

/**
 * One region of a page image, enlarged to fit `width` × `height` (a CSS crop of the loaded image): the 考号 area
 * beside the input that types it. Without a known region the top 40 % of the page is shown (the head with 考号).
 */
export function RegionZoom({ page, rect, label, width = 520, height = 300 }: { page: ScanPage; rect: ScanRect | null; label: string; width?: number; height?: number }) {
  const { url } = useAuthImage(page.imageUrl ? scanImageSrc(page.imageUrl) : '');
  const r = rect ?? (page.width && page.height ? { x: 0, y: 0, w: page.width, h: Math.round(page.height * 0.4) } : null);
  if (!r) return null;
  const scale = Math.min(width / Math.max(1, r.w), height / Math.max(1, r.h));
  return (
    <figure style={{ margin: 0 }} data-testid="examno-zoom">
      <div role="img" aria-label={label} style={{ position: 'relative', width: Math.round(r.w * scale), height: Math.round(r.h * scale), overflow: 'hidden', border: '1px solid #d9d9d9', background: '#fff' }}>
        {url && <img src={url} alt="" draggable={false}
          style={{ position: 'absolute', left: -r.x * scale, top: -r.y * scale, transformOrigin: '0 0', transform: `scale(${scale})`, maxWidth: 'none' }} />}
      </div>
      <figcaption style={{ fontSize: 12, color: '#666', marginTop: 4 }}>{label}（已放大 {Math.round(scale * 100)}%）</figcaption>
    </figure>
  );
}
