import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import type { BlockRegion, PixelMap } from '@jz/shared/block-region';
import { findBlockRegions, saveBlockRegion, type RegionBlock, type RegionPage } from '@/api/markingSetup';

/** Width of the stage (its own units) when the page is drawn blank: the card's areas only, no scanned sheet. */
export const BLANK_WIDTH = 1000;

/** Normalised page coordinates → the stage's: pixels of the scanned sheet (its fitted map), or the blank page scaled to BLANK_WIDTH. */
export function stageMap(p: RegionPage): PixelMap {
  return p.scan?.map ?? { sx: BLANK_WIDTH, tx: 0, sy: (BLANK_WIDTH * p.height) / p.width, ty: 0 };
}

/**
 * 题块区域 of one exam subject: the card pages with every block's rectangle; a moved or resized rectangle is saved
 * at once (the api checks it, and refuses blocks already being marked), then everything is read again.
 */
export function useBlockRegions(examSubjectId: number, version: unknown) {
  const [pages, setPages] = useState<RegionPage[]>([]);
  const [blocks, setBlocks] = useState<RegionBlock[]>([]);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    try {
      const r = await findBlockRegions(examSubjectId);
      if (r.code === 200) { setPages(r.data.pages); setBlocks(r.data.blocks); setError(''); } else setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); }
  }, [examSubjectId]);
  // read again when the block list changes (merge, split, rename on the same page)
  useEffect(() => { void load(); }, [load, version]);

  const save = async (blockId: number, region: BlockRegion | null) => {
    const r = await saveBlockRegion(blockId, region);
    if (r.code === 200) message.success(region ? '题块区域已保存' : '已恢复答题卡的作答区域'); else message.error(r.msg);
    await load();
  };
  const current = pages.find((p) => p.page === page) ?? pages[0] ?? null;
  return { pages, blocks, page: current, setPage, selected, setSelected, error, save };
}
export type BlockRegionsState = ReturnType<typeof useBlockRegions>;
