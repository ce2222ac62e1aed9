import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { loadSettings, saveSettings, type PanelSettings } from './panelSettings';
import {
  COMPOSE_TIMEOUT_MS, composeKey, drawnText, fillRest, finishBuffer, giveScore, isComplete, popScore, resetScores, totalOf,
  type DrawnScores, type ScoreItem,
} from './scoring';

/** The panel settings, read once from localStorage and written back on every change. */
export function usePanelSettings() {
  const [settings, setSettings] = useState<PanelSettings>(() => loadSettings(localStorage));
  const update = useCallback((patch: Partial<PanelSettings>) => {
    setSettings((s) => saveSettings(localStorage, { ...s, ...patch }));
  }, []);
  return { settings, update };
}

interface PanelState { list: DrawnScores; buffer: string; message: string }

/**
 * The score panel of one paper: the drawn-scores list, the digits being typed, the last refusal. State is kept in a
 * ref as well as rendered, so a key handler reads the current list (Enter right after a digit) without waiting for
 * React to re-render.
 */
export function useScorePanel(items: ScoreItem[]) {
  const state = useRef<PanelState>({ list: resetScores(), buffer: '', message: '' });
  const [, render] = useReducer((x: number) => x + 1, 0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const set = useCallback((patch: Partial<PanelState>) => { state.current = { ...state.current, ...patch }; render(); }, []);
  const clearTimer = () => { if (timer.current) clearTimeout(timer.current); timer.current = null; };

  const give = useCallback((value: number) => {
    clearTimer();
    const r = giveScore(state.current.list, itemsRef.current, value);
    if ('message' in r) set({ buffer: '', message: r.message });
    else set({ list: r.list, buffer: '', message: '' });
  }, [set]);

  /** Takes the typed digits as the current item's score (Enter or the timeout); false when refused. */
  const flush = useCallback((): boolean => {
    clearTimer();
    const { buffer, list } = state.current;
    if (!buffer) return true;
    const item = itemsRef.current[list.length];
    if (!item) { set({ buffer: '' }); return true; }
    const r = finishBuffer(buffer, item);
    if ('message' in r) { set({ buffer: '', message: `${item.label}：${r.message}` }); return false; }
    give(r.value);
    return true;
  }, [give, set]);

  const typeKey = useCallback((key: string) => {
    const { buffer, list } = state.current;
    const item = itemsRef.current[list.length];
    if (!item) { set({ message: '各给分点均已给分，请按回车提交' }); return; }
    clearTimer();
    const r = composeKey(buffer, key, item);
    if (r.kind === 'commit') give(r.value);
    else if (r.kind === 'error') set({ buffer: '', message: `${item.label}：${r.message}` });
    else {
      set({ buffer: r.buffer, message: '' });
      timer.current = setTimeout(() => { flush(); }, COMPOSE_TIMEOUT_MS);
    }
  }, [flush, give, set]);

  const undo = useCallback(() => {
    clearTimer();
    const { buffer, list } = state.current;
    if (buffer) set({ buffer: buffer.slice(0, -1), message: '' });
    else set({ list: popScore(list), message: '' });
  }, [set]);

  const reset = useCallback((list: DrawnScores = resetScores()) => { clearTimer(); set({ list, buffer: '', message: '' }); }, [set]);
  const fill = useCallback((kind: 'full' | 'zero') => { clearTimer(); set({ list: fillRest(state.current.list, itemsRef.current, kind), buffer: '', message: '' }); }, [set]);
  const say = useCallback((message: string) => set({ message }), [set]);

  /** Enter: flushes the typed digits; answers the scores when every item has one, else null (and says what is missing). */
  const ready = useCallback((): number[] | null => {
    if (!flush()) return null;
    const { list } = state.current;
    if (isComplete(list, itemsRef.current)) return [...list];
    const next = itemsRef.current[list.length];
    if (next) set({ message: `请给${next.label}打分` });
    return null;
  }, [flush, set]);

  useEffect(() => () => clearTimer(), []);

  const { list, buffer, message } = state.current;
  return {
    list, buffer, message, text: drawnText(list), total: totalOf(list),
    current: items[list.length] ?? null, index: list.length, complete: isComplete(list, items),
    give, typeKey, undo, reset, fill, ready, say,
  };
}

export type ScorePanelState = ReturnType<typeof useScorePanel>;
