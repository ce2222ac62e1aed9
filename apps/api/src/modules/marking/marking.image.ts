/**
 * The image a marker sees: only the cut block crop(s) of a paper, never the page (blind marking). A block of
 * several questions is their crops stacked top to bottom on white.
 */
import sharp from 'sharp';
import type { Storage } from '../../core/storage.js';

export async function paperImage(storage: Storage, keys: string[]): Promise<Buffer> {
  const parts = await Promise.all(keys.map((k) => storage.getBytes(k)));
  if (parts.length === 1) return parts[0]!;
  const metas = await Promise.all(parts.map((p) => sharp(p).metadata()));
  const width = Math.max(...metas.map((m) => m.width ?? 1));
  const height = metas.reduce((s, m) => s + (m.height ?? 0), 0);
  let top = 0;
  const composite = parts.map((input, i) => { const o = { input, top, left: 0 }; top += metas[i]!.height ?? 0; return o; });
  return sharp({ create: { width, height: Math.max(1, height), channels: 3, background: '#ffffff' } }).composite(composite).jpeg({ quality: 85 }).toBuffer();
}
