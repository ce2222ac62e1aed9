import { useEffect, useState } from 'react';
import { API_HOST, tokenStore } from '@/utils/request';

/**
 * Block images of the marking page, fetched with the token (an <img> cannot send it) and kept as blob URLs, so the
 * prefetched next paper is already in memory — and decoded — when the marker submits the current one.
 */
const cache = new Map<string, Promise<string>>();

export function loadMarkingImage(src: string): Promise<string> {
  const hit = cache.get(src);
  if (hit) return hit;
  const p = (async () => {
    if (!src.startsWith('/api/')) return src;
    const r = await fetch(`${API_HOST}${src}`, { headers: { Authorization: tokenStore.get() } });
    if (!r.ok || (r.headers.get('content-type') ?? '').includes('json')) throw new Error('图片加载失败');
    const url = URL.createObjectURL(await r.blob());
    // decode now so showing it later costs nothing
    await new Promise<void>((resolve) => { const img = new Image(); img.onload = () => resolve(); img.onerror = () => resolve(); img.src = url; });
    return url;
  })();
  cache.set(src, p);
  p.catch(() => cache.delete(src));
  return p;
}

/** Frees an image no longer needed (the paper was submitted). */
export function releaseMarkingImage(src: string) {
  const p = cache.get(src);
  cache.delete(src);
  p?.then((u) => { if (u.startsWith('blob:')) URL.revokeObjectURL(u); }, () => undefined);
}

/** The displayable address of a block image: null while loading; failed when it could not be fetched. */
export function useMarkingImage(src: string | null) {
  const [state, setState] = useState<{ src: string | null; url: string | null; failed: boolean }>({ src: null, url: null, failed: false });
  useEffect(() => {
    if (!src) return;
    let live = true;
    loadMarkingImage(src).then(
      (url) => { if (live) setState({ src, url, failed: false }); },
      () => { if (live) setState({ src, url: null, failed: true }); },
    );
    return () => { live = false; };
  }, [src]);
  return state.src === src ? state : { src, url: null, failed: false };
}
