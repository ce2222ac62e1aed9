import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Group, Rect, Text } from 'react-konva';

/**
 * Pieces shared by the Konva editors that draw rectangles over a page image (the third-party template editor,
 * pages/scan/template/TemplateCanvas.tsx, and the 题块 regions, pages/marking/setup/BlockRegionCanvas.tsx).
 */

/** An image's pixels as an element Konva can draw (null while loading or without a url). */
export function useHtmlImage(url: string | null) {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!url) { setImg(null); return; }
    const el = new window.Image();
    el.onload = () => setImg(el);
    el.src = url;
    return () => { el.onload = null; };
  }, [url]);
  return img;
}

/** A box's width and the height left in the window below its top (at least 360 px), kept up to date. */
export function useFitView() {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ w: 800, h: 600 });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setView({ w: el.clientWidth, h: Math.max(360, window.innerHeight - el.getBoundingClientRect().top - 24) });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    return () => ro.disconnect();
  }, []);
  return { box, view };
}

export interface BoxRect { x: number; y: number; w: number; h: number }

/**
 * One rectangle in page coordinates (the stage is scaled by `scale`): tinted, outlined, labelled inside; when
 * `editable`, dragged to move and resized by the Transformer that selects it by `id`. `onChange` gets the new box
 * when a drag or a resize ends.
 */
export function EditableBox({ id, rect, color, label, scale, editable, fillOpacity = 0.08, onSelect, onChange, children }: {
  id: string; rect: BoxRect; color: string; label: string; scale: number; editable: boolean; fillOpacity?: number;
  onSelect?: () => void; onChange?: (r: BoxRect) => void; children?: ReactNode;
}) {
  return (
    <Group id={id} x={rect.x} y={rect.y} draggable={editable}
      onMouseDown={(e) => { if (editable && onSelect) { e.cancelBubble = true; onSelect(); } }}
      onTap={() => onSelect?.()}
      onDragEnd={(e) => onChange?.({ ...rect, x: e.target.x(), y: e.target.y() })}
      onTransformEnd={(e) => {
        const n = e.target;
        const next = { x: n.x(), y: n.y(), w: rect.w * n.scaleX(), h: rect.h * n.scaleY() };
        n.scale({ x: 1, y: 1 });
        onChange?.(next);
      }}>
      <Rect width={rect.w} height={rect.h} stroke={color} strokeWidth={2 / scale} fill={color} opacity={fillOpacity} />
      <Rect width={rect.w} height={rect.h} stroke={color} strokeWidth={2 / scale} />
      {children}
      {/* the label inside the box, clipped to it: the Transformer frames the group's whole extent, so a label
          above the box would shift its handles off the box's edges */}
      <Text text={label} x={4 / scale} y={2 / scale} width={Math.max(0, rect.w - 8 / scale)} height={Math.max(0, rect.h - 4 / scale)}
        wrap="none" ellipsis fontSize={12 / scale} fill={color} listening={false} />
    </Group>
  );
}
