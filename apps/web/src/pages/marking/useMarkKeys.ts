import { useEffect, useRef } from 'react';
import { keyToCommand, type PanelCommand } from './panel/scoring';

/**
 * Keys typed into a field (the 回评 search, a reason) or while a dialog is open are not marking keys; nor are Enter
 * and Space on a focused button or link outside the score panel (查看改分 in a list, a header button): they press
 * it, as they do everywhere. Inside the score panel Enter still submits (a clicked score button keeps the focus).
 */
function typingElsewhere(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (!el) return false;
  if (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return true;
  if ((e.key === 'Enter' || e.key === ' ') && el.closest('button, a[href], [role="button"], [role="link"]') && !el.closest('[data-testid="score-panel"]')) return true;
  return !!document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
}

/**
 * Keyboard-only marking: every key of the help card goes to `onCommand` (digits, Enter, Backspace, M, Z, Q, R, ?, zoom…).
 * `enabled` false (a dialog of the page is open) leaves the keys alone.
 */
export function useMarkKeys(onCommand: (c: PanelCommand) => void, enabled: boolean) {
  const latest = useRef(onCommand);
  latest.current = onCommand;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || typingElsewhere(e)) return;
      const c = keyToCommand(e.key);
      if (!c) return;
      e.preventDefault();
      latest.current(c);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
