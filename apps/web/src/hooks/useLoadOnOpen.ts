import { useEffect, useState } from 'react';

/**
 * Runs `load` each time a modal opens (and when `key` changes while open): loading while it runs, and its
 * answer as the error (a Chinese message, null when fine); a thrown load shows `failMessage`.
 */
export function useLoadOnOpen(open: boolean, key: unknown, load: () => Promise<string | null>, failMessage: string) {
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  useEffect(() => {
    if (!open) return;
    let live = true;
    setState({ loading: true, error: null });
    load().then((error) => { if (live) setState({ loading: false, error }); }, () => { if (live) setState({ loading: false, error: failMessage }); });
    return () => { live = false; };
    // `load` is a fresh closure each render: the modal reloads on open and on `key`, not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, key]);
  return state;
}
