import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { CardAreaOverride, CardIssue } from '@/api/card';
import { areaIdOf, type CardLayoutView, type LayoutEl } from './useCardLayout';

const MOVABLE = new Set(['objective', 'fillIn', 'subjective', 'essay', 'choice', 'barcode', 'notes', 'admission', 'absent']);
const LABELS: Record<string, string> = {
  header: '标题', studentInfo: '考生信息', admission: '考号填涂', barcode: '条形码区', absent: '缺考', notes: '注意事项',
  sectionTitle: '', objective: '选择题', fillIn: '填空', subjective: '解答', essay: '作文格', choice: '选做题',
};

const label = (e: LayoutEl) => {
  if (e.kind === 'objective') return `选择题 ${e.questions?.[0]?.no}–${e.questions?.[e.questions.length - 1]?.no}`;
  if (e.kind === 'choice') return `选做题 ${(e.nos ?? []).join('/')}${e.slot ? ` 第 ${e.slot} 框` : ''}`;
  if (e.no !== undefined) return `${LABELS[e.kind] ?? e.kind} ${e.no}${e.continued || e.startCount ? '（续）' : ''}`;
  return LABELS[e.kind] ?? '';
};

interface Drag { area: string; page: number; mode: 'move' | 'resize'; sx: number; sy: number; start: LayoutEl; rect: LayoutEl }

/**
 * The card's pages drawn to scale: the movable areas (objective groups, fill-in, written boxes, essay grid, 选做题,
 * 考号, notes) are dragged by their body and resized by the corner handle; on release the new mm box is handed to
 * `onMove` (0.5 mm steps) and the layout is checked again. Areas with a problem are outlined in red.
 */
export function CardCanvas({ layout, issues, editable, onMove }: {
  layout: CardLayoutView; issues: CardIssue[]; editable: boolean; onMove: (o: CardAreaOverride) => void;
}) {
  const pageW = layout.paper === 'A3' ? 420 : 210;
  const scale = layout.paper === 'A3' ? 1.7 : 2.4; // px per mm
  const bad = new Set(issues.map((i) => `${i.page}|${i.area}`));
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  // a released area stays where it was put until the checked layout comes back
  const [pending, setPending] = useState<Drag | null>(null);
  useEffect(() => { setPending(null); }, [layout]);
  const snap = (n: number) => Math.round(n * 2) / 2;

  const down = (ev: ReactPointerEvent, e: LayoutEl, page: number, mode: Drag['mode']) => {
    const area = areaIdOf(e);
    if (!editable || !area) return;
    ev.stopPropagation();
    ev.preventDefault();
    (ev.currentTarget as HTMLElement).setPointerCapture(ev.pointerId);
    dragRef.current = { area, page, mode, sx: ev.clientX, sy: ev.clientY, start: e, rect: e };
    setDrag(dragRef.current);
  };
  const move = (ev: ReactPointerEvent) => {
    const d = dragRef.current;
    if (!d) return;
    const dx = (ev.clientX - d.sx) / scale;
    const dy = (ev.clientY - d.sy) / scale;
    const s = d.start;
    const rect = d.mode === 'move'
      // the move is snapped, not the position: snapping x of an area that starts 0.2 mm into its column would push
      // it out of the column (and the save would refuse the card)
      ? { ...s, x: Math.max(0, s.x + snap(dx)), y: Math.max(0, s.y + snap(dy)) }
      : { ...s, w: Math.max(5, s.w + snap(dx)), h: Math.max(5, s.h + snap(dy)) };
    dragRef.current = { ...d, rect };
    setDrag(dragRef.current);
  };
  const up = () => {
    const d = dragRef.current;
    dragRef.current = null;
    setDrag(null);
    if (!d) return;
    const { x, y, w, h } = d.rect;
    if (x !== d.start.x || y !== d.start.y || w !== d.start.w || h !== d.start.h) {
      setPending(d);
      onMove({ area: d.area, page: d.page, x, y, w, h });
    }
  };

  return (
    <div style={{ overflowX: 'auto' }} data-testid="card-canvas">
      {layout.pages.map((p) => (
        <div key={p.index} data-testid={`card-page-${p.index}`}
          style={{ position: 'relative', width: pageW * scale, height: 297 * scale, background: '#fff', margin: '0 auto 12px', boxShadow: '0 1px 4px rgba(0,0,0,.15)' }}>
          {layout.columns > 1 && Array.from({ length: layout.columns }, (_, c) => {
            const colW = (pageW - 36 - (layout.columns - 1) * 8) / layout.columns;
            return <div key={`c${c}`} style={{ position: 'absolute', left: (18 + c * (colW + 8)) * scale, top: 10 * scale, width: colW * scale, height: 267 * scale, background: 'rgba(22,119,255,.04)', pointerEvents: 'none' }} />;
          })}
          {p.elements.map((raw, i) => {
            const id = areaIdOf(raw);
            const shown = drag ?? pending;
            const live = !!shown && shown.area === id && shown.page === p.index;
            const e = live ? shown.rect : raw;
            const movable = editable && !!id && MOVABLE.has(e.kind);
            const wrong = bad.has(`${p.index}|${id}`);
            if (e.kind === 'anchor') return <div key={i} style={{ position: 'absolute', left: e.x * scale, top: e.y * scale, width: e.w * scale, height: e.h * scale, background: '#000' }} />;
            if (e.kind === 'pageCode') return <div key={i} style={{ position: 'absolute', left: e.x * scale, top: (e.y + e.h - 2.4) * scale, width: 102 * scale, height: 2.4 * scale, background: 'repeating-linear-gradient(90deg,#333 0 4px,#fff 4px 7px)' }} />;
            return (
              // keyed by area: an override moves the area to the end of its page's list, its node (and pointer capture) must stay
              <div key={id ?? `e${i}`} data-area={id ?? undefined} data-kind={e.kind} title={label(e)}
                onPointerDown={movable ? (ev) => down(ev, raw, p.index, 'move') : undefined}
                onPointerMove={movable ? move : undefined} onPointerUp={movable ? up : undefined}
                style={{
                  position: 'absolute', left: e.x * scale, top: e.y * scale, width: e.w * scale, height: e.h * scale, boxSizing: 'border-box',
                  border: `1px ${movable ? 'solid' : 'dashed'} ${wrong ? '#ff4d4f' : movable ? '#1677ff' : '#bbb'}`,
                  background: wrong ? 'rgba(255,77,79,.12)' : live ? 'rgba(22,119,255,.15)' : movable ? 'rgba(22,119,255,.05)' : 'transparent',
                  cursor: movable ? 'move' : 'default', fontSize: 11, color: '#555', padding: '1px 3px', overflow: 'hidden', whiteSpace: 'nowrap', touchAction: 'none',
                }}>
                {label(e)}
                {movable && (
                  <span data-handle="resize" onPointerDown={(ev) => down(ev, raw, p.index, 'resize')} onPointerMove={move} onPointerUp={up}
                    style={{ position: 'absolute', right: 0, bottom: 0, width: 10, height: 10, background: '#1677ff', cursor: 'nwse-resize' }} />
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
