import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Group, Image as KImage, Layer, Rect, Stage, Transformer } from 'react-konva';
import { EditableBox, useFitView, useHtmlImage } from '@/components/canvas/rectCanvas';
import type { SheetTemplate } from '@jz/omr';
import { gridCell, shapeLabel, type DrawnShape } from '@jz/omr/drawing';
import { useAuthImage } from '../SheetImage';
import { defaultRect, newShape, toolOf } from './shapes';
import type { TemplateEditorState } from './useTemplateEditor';

/** The bubbles of a grid shape, drawn inside it (not interactive). */
function GridBubbles({ s, scale }: { s: DrawnShape; scale: number }) {
  if (s.kind !== 'admission' && s.kind !== 'objective') return null;
  const cells = [];
  for (let r = 0; r < s.rows; r++) for (let c = 0; c < s.cols; c++) cells.push({ r, c, ...gridCell({ ...s, x: 0, y: 0 }, r, c) });
  return <>{cells.map((b) => <Rect key={`${b.r}-${b.c}`} x={b.x} y={b.y} width={b.w} height={b.h} stroke={toolOf(s.kind).color} strokeWidth={1 / scale} listening={false} opacity={0.8} />)}</>;
}

/** A template imported from a file: its anchors and every bubble as they will be read (not editable). */
function ImportedTemplate({ template, scale }: { template: SheetTemplate; scale: number }) {
  const bubbles = [...template.questions, ...(template.admission?.digits ?? [])].flatMap((g) => g.bubbles);
  return (
    <Group listening={false} name="imported-template">
      {template.anchors.map((a, i) => <Rect key={`a${i}`} x={a.x} y={a.y} width={a.w} height={a.h} stroke={toolOf('anchor').color} strokeWidth={2 / scale} />)}
      {bubbles.map((b, i) => <Rect key={i} x={b.x} y={b.y} width={b.w} height={b.h} stroke={toolOf('objective').color} strokeWidth={1 / scale} />)}
    </Group>
  );
}

/**
 * The blank card with every shape: a tool in hand draws a new shape by dragging (a click places one of default
 * size); a shape is selected by a click, dragged to move, and resized with the handles. Coordinates are pixels of
 * the blank card (the stage is scaled to fit the view).
 */
export function TemplateCanvas({ ed, zoom }: { ed: TemplateEditorState; /** 0 = fit the page, else a multiple of the width */ zoom: number }) {
  const { box, view } = useFitView();
  const tr = useRef<Konva.Transformer>(null);
  const layer = useRef<Konva.Layer>(null);
  const [draft, setDraft] = useState<{ x0: number; y0: number; x: number; y: number } | null>(null);
  const { url } = useAuthImage(ed.imageSrc);
  const img = useHtmlImage(url);
  const { drawing, shapes, selected, tool } = ed;

  // the transformer follows the selected shape
  useEffect(() => {
    const node = selected && layer.current?.findOne(`#${selected.id}`);
    tr.current?.nodes(node ? [node] : []);
    tr.current?.getLayer()?.batchDraw();
  }, [selected, shapes]);

  if (!drawing.width) return null;
  // zoom 0 = the whole card in view; otherwise a multiple of the box's width
  const scale = zoom === 0 ? Math.min(view.w / drawing.width, view.h / drawing.height) : (view.w / drawing.width) * zoom;
  const toPage = (stage: Konva.Stage) => {
    const p = stage.getPointerPosition() ?? { x: 0, y: 0 };
    return { x: Math.max(0, Math.min(drawing.width, p.x / scale)), y: Math.max(0, Math.min(drawing.height, p.y / scale)) };
  };

  const onDown = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const stage = e.target.getStage()!;
    if (tool) { const p = toPage(stage); setDraft({ x0: p.x, y0: p.y, x: p.x, y: p.y }); return; }
    if (e.target === stage || e.target.name() === 'blank') ed.select(null);
  };
  const onMove = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (!draft) return;
    const p = toPage(e.target.getStage()!);
    setDraft({ ...draft, x: p.x, y: p.y });
  };
  const onUp = () => {
    if (!draft || !tool) return;
    const r = { x: Math.min(draft.x0, draft.x), y: Math.min(draft.y0, draft.y), w: Math.abs(draft.x - draft.x0), h: Math.abs(draft.y - draft.y0) };
    setDraft(null);
    // a click (no drag) places a shape of default size where it was clicked
    const rect = r.w * scale < 6 || r.h * scale < 6 ? defaultRect(tool, drawing, { x: r.x, y: r.y }) : r;
    ed.add(newShape(tool, rect, shapes));
  };

  return (
    <div ref={box} data-testid="template-canvas" style={{ width: '100%', overflow: 'auto', maxHeight: zoom === 0 ? undefined : '80vh', border: '1px solid #f0f0f0', cursor: tool ? 'crosshair' : 'default' }}>
      <Stage width={drawing.width * scale} height={drawing.height * scale} scaleX={scale} scaleY={scale}
        onMouseDown={onDown} onTouchStart={onDown} onMouseMove={onMove} onTouchMove={onMove} onMouseUp={onUp} onTouchEnd={onUp}>
        <Layer ref={layer}>
          {img ? <KImage name="blank" image={img} width={drawing.width} height={drawing.height} /> : <Rect name="blank" width={drawing.width} height={drawing.height} fill="#fafafa" />}
          {shapes.map((s) => {
            const color = toolOf(s.kind).color;
            return (
              <EditableBox key={s.id} id={s.id} rect={s} color={color} label={shapeLabel(s)} scale={scale} editable={!tool}
                fillOpacity={s.kind === 'anchor' ? 0.35 : 0.08} onSelect={() => ed.select(s.id)}
                onChange={(r) => ed.update(s.id, { x: Math.round(r.x), y: Math.round(r.y), ...(r.w !== s.w || r.h !== s.h ? { w: Math.round(r.w), h: Math.round(r.h) } : {}) }, true)}>
                <GridBubbles s={s} scale={scale} />
              </EditableBox>
            );
          })}
          {ed.imported && <ImportedTemplate template={ed.imported.template} scale={scale} />}
          {draft && tool && (
            <Rect x={Math.min(draft.x0, draft.x)} y={Math.min(draft.y0, draft.y)} width={Math.abs(draft.x - draft.x0)} height={Math.abs(draft.y - draft.y0)}
              stroke={toolOf(tool).color} dash={[6 / scale, 4 / scale]} strokeWidth={2 / scale} listening={false} />
          )}
          <Transformer ref={tr} rotateEnabled={false} keepRatio={false} ignoreStroke
            boundBoxFunc={(old, next) => (next.width < 4 || next.height < 4 ? old : next)} />
        </Layer>
      </Stage>
    </div>
  );
}
