import { useLayoutEffect, useEffect, useRef } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { TITLE_PREFIX, type RouteHandle } from './routes';

/** The Chinese title of the deepest matched route. */
export function routeTitle(routes: RouteObject[], pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const t = (matches[i].route.handle as RouteHandle | undefined)?.title;
    if (t) return t;
  }
  return '';
}

export const fullTitle = (title: string) => (title ? `${TITLE_PREFIX} - ${title}` : TITLE_PREFIX);

/**
 * Sets document.title on every navigation (before the new page paints) and restores the scroll position of a
 * path visited before, otherwise scrolls to the top.
 */
export function RouteEffects({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const positions = useRef(new Map<string, number>());
  const current = useRef(pathname);
  const lastY = useRef(0);

  // Remember where the current path is scrolled to.
  useEffect(() => {
    const onScroll = () => { lastY.current = window.scrollY; };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    document.title = fullTitle(routeTitle(routes, pathname));
    if (current.current !== pathname) {
      positions.current.set(current.current, lastY.current);
      current.current = pathname;
    }
    const saved = positions.current.get(pathname);
    if (saved === undefined || saved === 0) {
      window.scrollTo(0, 0);
      lastY.current = 0;
      return;
    }
    // The page may still be loading: try for a short while until it is tall enough.
    let tries = 0;
    let frame = 0;
    const restore = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      if (max >= saved || tries++ > 60) { window.scrollTo(0, Math.min(saved, Math.max(max, 0))); lastY.current = window.scrollY; return; }
      frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [pathname, routes]);

  return null;
}

export default RouteEffects;
