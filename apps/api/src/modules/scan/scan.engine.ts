/**
 * The one place the api touches the recognition engine (packages/omr): decoding files into greyscale rasters,
 * the sheet template of a card page, and recognising one page. Everything else in the module works on the
 * engine's result types.
 */
import { decodeImage, OmrInputError, recognizeSheet, templateFromCard } from '@jz/omr';
import type { Raster, SheetResult, SheetTemplate } from '@jz/omr';

export type { Raster, SheetResult, SheetTemplate };

export { OmrInputError };

/**
 * Every page of an image/TIFF/PDF file, shrunk on load towards 200 dpi (what recognition needs; keeps memory
 * flat for 600 dpi scans). Throws OmrInputError with a Chinese reason on a file it cannot read.
 */
export async function decodePages(bytes: Uint8Array): Promise<Raster[]> {
  return decodeImage(bytes, { targetDpi: 200 });
}

/** The template of card page pageNo (1-based) of a saved card layout. */
export function templateOf(layout: unknown, pageNo: number): SheetTemplate {
  return templateFromCard(layout as Parameters<typeof templateFromCard>[0], pageNo - 1);
}

export function recognize(raster: Raster, template: SheetTemplate, orientation?: 0 | 180): SheetResult {
  return recognizeSheet(raster, template, orientation === undefined ? {} : { orientation });
}
