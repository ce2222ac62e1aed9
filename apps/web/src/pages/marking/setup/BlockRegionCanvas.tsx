import { useEffect, useRef } from 'react';
import type Konva from 'konva';
import { Alert, Button, Card, Segmented, Space, Typography } from 'antd';
import { Image as KImage, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import { fromPixels, toPixels } from '@jz/shared/block-region';
import { EditableBox, useFitView, useHtmlImage } from '@/components/canvas/rectCanvas';
import { useAuthImage } from '@/pages/scan/SheetImage';
import { stageMap, type BlockRegionsState } from './useBlockRegions';

const BLOCK = '#1677ff';
const LOCKED = '#8c8c8c';

/**
 * The card page with every 题块's rectangle (label = block name): the newest scanned sheet of the page, or the blank
 * page with the card's answer areas dashed. A block not yet marked is dragged to move and resized by its handles;
 * on release the rectangle is saved (normalised page coordinates). Blocks already being marked are grey and fixed.
 */
export function BlockRegionCanvas({ s }: { s: BlockRegionsState }) {
  const { box, view } = useFitView();
  const tr = useRef<Konva.Transformer>(null);
  const layer = useRef<Konva.Layer>(null);
  const p = s.page;
  const { url } = useAuthImage(p?.scan ? `/api/v1/${p.scan.imageUrl}` : '');
  const img = useHtmlImage(p?.scan ? url : null);
  useEffect(() => {
    const node = s.selected !== null ? layer.current?.findOne(`#block-${s.selected}`) : undefined;
    tr.current?.nodes(node ? [node] : []);
    tr.current?.getLayer()?.batchDraw();
  }, [s.selected, s.blocks, img]);

  if (!p) return null;
  const map = stageMap(p);
  // the stage: the sheet's pixels, or the blank page at BLANK_WIDTH
  const W = p.scan ? img?.naturalWidth ?? 0 : map.sx;
  const H = p.scan ? img?.naturalHeight ?? 0 : map.sy;
  // the whole page in view, at least 720 px tall (the canvas sits below the block table)
  const scale = W && H ? Math.min(view.w / W, Math.max(view.h, 720) / H) : 1;
  const onPage = s.blocks.filter((b) => b.region?.page === p.page);
  const chosen = s.blocks.find((b) => b.blockId === s.selected);

  return (
    <Card size="small" title="题块区域：拖动题块框移动，拖动控制点缩放，松开即保存；阅卷老师看到的切图按此区域切割"
      extra={(
        <Space>
          {s.pages.length > 1 && <Segmented value={p.page} options={s.pages.map((x) => ({ label: `第 ${x.page} 页`, value: x.page }))} onChange={(v) => s.setPage(Number(v))} />}
          <Button disabled={!chosen?.custom || chosen.started} onClick={() => chosen && void s.save(chosen.blockId, null)}>恢复答题卡区域</Button>
        </Space>
      )}>
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {p.scan ? '底图为本页最新扫描的答题卡。' : '尚无扫描的答题卡，底图为空白答题卡的作答区域（虚线）。'}灰色题块已开始阅卷，不能修改区域。
      </Typography.Paragraph>
      <div ref={box} data-testid="block-region-canvas" data-stage-w={W} data-page={p.page} style={{ width: '100%', border: '1px solid #f0f0f0' }}>
        {W > 0 && (
          <Stage width={W * scale} height={H * scale} scaleX={scale} scaleY={scale}
            onMouseDown={(e) => { if (e.target === e.target.getStage() || e.target.name() === 'page') s.setSelected(null); }}>
            <Layer ref={layer}>
              {img && p.scan ? <KImage name="page" image={img} width={W} height={H} /> : <Rect name="page" width={W} height={H} fill="#ffffff" stroke="#d9d9d9" strokeWidth={1 / scale} />}
              {!p.scan && p.areas.map((a) => {
                const r = toPixels(map, a);
                return [
                  <Rect key={`a-${a.id}`} x={r.x} y={r.y} width={r.w} height={r.h} stroke="#bfbfbf" dash={[6 / scale, 4 / scale]} strokeWidth={1 / scale} listening={false} />,
                  <Text key={`t-${a.id}`} x={r.x + 4 / scale} y={r.y + r.h - 16 / scale} text={a.id} fontSize={11 / scale} fill="#bfbfbf" listening={false} />,
                ];
              })}
              {onPage.map((b) => (
                <EditableBox key={b.blockId} id={`block-${b.blockId}`} rect={toPixels(map, b.region!)} color={b.started ? LOCKED : BLOCK} label={b.name} scale={scale}
                  editable={!b.started} onSelect={() => s.setSelected(b.blockId)}
                  onChange={(r) => void s.save(b.blockId, { page: p.page, ...fromPixels(map, r) })} />
              ))}
              <Transformer ref={tr} rotateEnabled={false} keepRatio={false} ignoreStroke
                boundBoxFunc={(old, next) => (next.width < 6 || next.height < 6 ? old : next)} />
            </Layer>
          </Stage>
        )}
      </div>
    </Card>
  );
}
