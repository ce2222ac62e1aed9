import { useCallback, useEffect, useRef, useState } from 'react';
import { checkCardLayout, type AnswerCard, type CardAreaOverride, type CardIssue, type CardSettings } from '@/api/card';

/** A card element as the layout JSON carries it (packages/report-templates CardLayout, all mm). */
export interface LayoutEl {
  kind: string; x: number; y: number; w: number; h: number;
  no?: number | string; nos?: (number | string)[]; slot?: number; continued?: boolean; startCount?: number; questions?: { no: number | string }[];
}
export interface CardLayoutView { paper: 'A4' | 'A3'; columns: number; pages: { index: number; elements: LayoutEl[] }[] }

/** Stable id of a movable area; mirrors areaId of packages/report-templates/src/card/geometry.ts. */
export function areaIdOf(e: LayoutEl): string | null {
  switch (e.kind) {
    case 'objective': return `objective:${e.questions?.[0]?.no}`;
    case 'fillIn': return `fillIn:${e.no}`;
    case 'subjective': return `subjective:${e.no}${e.continued ? ':续' : ''}`;
    case 'essay': return `essay:${e.no}:${e.startCount}`;
    case 'choice': return `choice:${(e.nos ?? []).join('/')}${e.slot ? `#${e.slot}` : ''}`;
    case 'barcode': case 'notes': case 'admission': case 'absent': return e.kind;
    default: return null;
  }
}

export interface LayoutCheck { layout: CardLayoutView | null; issues: CardIssue[]; error: string | null; loading: boolean }

/**
 * The maker's page state: the dragged / resized areas (overrides) and the live check of the layout that the
 * settings and those areas give (card/layout, debounced; a stale answer is dropped).
 */
export function useCardLayout(card: AnswerCard | null, settings: Omit<CardSettings, 'overrides'> | null) {
  const [overrides, setOverrides] = useState<CardAreaOverride[]>([]);
  const [check, setCheck] = useState<LayoutCheck>({ layout: null, issues: [], error: null, loading: false });
  const seq = useRef(0);

  useEffect(() => { setOverrides(card?.settings.overrides ?? []); }, [card]);

  const full: CardSettings | null = settings ? { ...settings, overrides } : null;
  const key = card && full ? JSON.stringify([card.examSubjectId, full]) : '';
  useEffect(() => {
    if (!card || !key) return;
    const mine = ++seq.current;
    setCheck((c) => ({ ...c, loading: true }));
    const timer = setTimeout(() => {
      const [, s] = JSON.parse(key) as [number, CardSettings];
      checkCardLayout(card.examSubjectId, s)
        .then((res) => {
          if (mine !== seq.current) return;
          if (res.code === 200 && res.data) setCheck({ layout: res.data.layout as unknown as CardLayoutView, issues: res.data.issues, error: null, loading: false });
          else setCheck({ layout: null, issues: [], error: res.msg || '版式生成失败', loading: false });
        })
        .catch(() => { if (mine === seq.current) setCheck((c) => ({ ...c, error: '版式检查失败，请稍后重试', loading: false })); });
    }, 250);
    return () => clearTimeout(timer);
  }, [card, key]);

  /** Puts one area at a new box (replaces an earlier override of the same area). */
  const moveArea = useCallback((o: CardAreaOverride) => {
    setOverrides((list) => [...list.filter((x) => x.area !== o.area), o]);
  }, []);
  const resetAreas = useCallback(() => setOverrides([]), []);

  return { overrides, full, check, moveArea, resetAreas };
}
