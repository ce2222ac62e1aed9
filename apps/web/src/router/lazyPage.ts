import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Script chunk load timeout (docs/PRODUCT.md §9). */
export const CHUNK_LOAD_TIMEOUT = 120_000;

/** A chunk that did not load within 120 s, or failed to load. */
export class ChunkLoadError extends Error {
  constructor(message = '页面资源加载失败', readonly cause?: unknown) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('页面资源加载超时')), CHUNK_LOAD_TIMEOUT);
    p.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e) => { clearTimeout(timer); reject(new ChunkLoadError(e instanceof Error ? e.message : '页面资源加载失败', e)); },
    );
  });
}

/** React.lazy with the 120 s chunk timeout; a failure reaches the nearest RouteErrorBoundary (retry). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(loader: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => withTimeout(loader()));
}
