import { useEffect, useState, type CSSProperties } from 'react';
import { API_HOST, tokenStore } from '@/utils/request';

/**
 * A sheet image's displayable address. Images live behind the teaching API, which wants the Authorization header
 * an <img> cannot send: an address under /api/ is fetched with the token and shown from a blob URL (released
 * when the caller goes); any other address (data:, a signed URL) is used as is.
 */
export function useAuthImage(src: string) {
  const needsToken = src.startsWith('/api/');
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needsToken) return;
    let live = true;
    let made: string | null = null;
    setFailed(false);
    setBlobUrl(null);
    fetch(`${API_HOST}${src}`, { headers: { Authorization: tokenStore.get() } })
      .then(async (r) => {
        if (!r.ok || (r.headers.get('content-type') ?? '').includes('json')) throw new Error('image');
        const b = await r.blob();
        if (!live) return;
        made = URL.createObjectURL(b);
        setBlobUrl(made);
      })
      .catch(() => { if (live) setFailed(true); });
    return () => { live = false; if (made) URL.revokeObjectURL(made); };
  }, [src, needsToken]);
  return { url: needsToken ? blobUrl : src || null, failed: failed || !src };
}

const box: CSSProperties = { display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#999', background: '#fafafa' };

/** An image of a scanned sheet (see useAuthImage); a grey box while loading, 无图片 / 图片加载失败 otherwise. */
export function SheetImage({ src, alt, style, className }: { src: string; alt: string; style?: CSSProperties; className?: string }) {
  const { url, failed } = useAuthImage(src);
  if (!src) return <div className={className} style={{ ...style, ...box }}>无图片</div>;
  if (failed) return <div className={className} style={{ ...style, ...box }}>图片加载失败</div>;
  if (!url) return <div className={className} style={{ ...style, background: '#f5f5f5' }} aria-busy="true" />;
  return <img src={url} alt={alt} className={className} style={style} draggable={false} />;
}
