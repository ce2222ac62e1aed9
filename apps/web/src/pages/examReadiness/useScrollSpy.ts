import { useCallback, useEffect, useState } from 'react';

/** Offset of the sticky tab bar: a section counts as shown once its top passes below it. */
const TOP = 140;

/**
 * Tabs that follow the page's scroll (the section whose top last passed under the sticky bar is active) and scroll to
 * a section when clicked. The hash router owns location.hash, so sections are reached by scrollIntoView, never by #links.
 */
export function useScrollSpy(ids: string[]) {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join('|');
  useEffect(() => {
    const list = key ? key.split('|') : [];
    const onScroll = () => {
      let current = list[0];
      for (const id of list) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= TOP + 1) current = id;
      }
      setActive(current);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);
  const scrollTo = useCallback((id: string) => {
    const el = document.getElementById(id);
    if (!el) return;
    window.scrollTo({ top: window.scrollY + el.getBoundingClientRect().top - TOP + 1, behavior: 'smooth' });
    setActive(id);
  }, []);
  return { active, scrollTo };
}
