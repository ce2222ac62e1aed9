/**
 * The one place the api touches the recognition engine (packages/omr): decoding files into greyscale rasters,
 * the sheet template of a card page, and recognising one page. Everything else in the module works on the
 * engine's result types.
 */
import type { Raster, SheetResult, SheetTemplate } from '@jz/omr';
import { OmrInputError } from '@jz/omr/errors';

export type { Raster, SheetResult, SheetTemplate };

export { OmrInputError };

// The engine (sharp, zxing-wasm, mupdf) is loaded by the first page to recognise, not at start: an api that
// never scans keeps its memory.
const engine = () => import('@jz/omr');

/**
 * Every page of an image/TIFF/PDF file, shrunk on load towards 200 dpi (what recognition needs; keeps memory
 * flat for 600 dpi scans). Throws OmrInputError with a Chinese reason on a file it cannot read.
 */
export async function decodePages(bytes: Uint8Array): Promise<Raster[]> {
  return (await engine()).decodeImage(bytes, { targetDpi: 200 });
}

// Templates by layout object: a job recognises its pages against one layout (read once from the batch), so each
// card page's template is built once per job, not once per page.
const templates = new WeakMap<object, Map<number, SheetTemplate>>();

/** The template of card page pageNo (1-based) of a saved card layout. */
export async function templateOf(layout: unknown, pageNo: number): Promise<SheetTemplate> {
  const { templateFromCard } = await engine();
  const build = () => templateFromCard(layout as Parameters<typeof templateFromCard>[0], pageNo - 1);
  if (!layout || typeof layout !== 'object') return build();
  let byPage = templates.get(layout);
  if (!byPage) templates.set(layout, (byPage = new Map()));
  let t = byPage.get(pageNo);
  if (!t) byPage.set(pageNo, (t = build()));
  return t;
}

export async function recognize(raster: Raster, template: SheetTemplate, orientation?: 0 | 180): Promise<SheetResult> {
  const { recognizeSheet } = await engine();
  return recognizeSheet(raster, template, orientation === undefined ? {} : { orientation });
}

/** A template drawn or imported for a card made elsewhere, measured on its blank (packages/omr blank-fit.ts). */
export async function fitTemplateToBlank(blank: Raster, template: SheetTemplate): Promise<{ template: SheetTemplate; problems: string[] }> {
  return (await engine()).fitToBlank(blank, template);
}

/** The editor's snap of one drawn shape onto the blank; throws the engine's SnapError with a Chinese reason. */
export async function snapDrawnShape<S extends object>(blank: Raster, shape: S): Promise<{ shape: S } | { problem: string }> {
  const { snapShape, SnapError } = await engine();
  try {
    return { shape: snapShape(blank, shape as Parameters<typeof snapShape>[1]) as unknown as S };
  } catch (e) {
    if (e instanceof SnapError) return { problem: e.message };
    throw e;
  }
}

/** An OMRChecker / FormScanner template file placed on the blank; a file that does not fit: its Chinese reason. */
export async function importTemplate(text: string, blank: Raster, name: string) {
  const { importTemplateFile, ImportError } = await engine();
  try {
    return importTemplateFile(text, blank, name);
  } catch (e) {
    if (e instanceof ImportError) return { problem: e.message };
    throw e;
  }
}
