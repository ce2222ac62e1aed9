/**
 * The image a marker sees: only the cut block crop(s) of a paper, never the page (blind marking). A block of
 * several questions is their crops stacked top to bottom on white. A block with its own region (0027) has one key
 * `cut:<page image key>#x,y,w,h`: that rectangle of the stored page, cut here (kept inside the page).
 */
import sharp from 'sharp';
import type { Storage } from '../../core/storage.js';

async function partOf(storage: Storage, key: string): Promise<Buffer> {
  if (!key.startsWith('cut:')) return storage.getBytes(key);
  const at = key.lastIndexOf('#');
  const [x, y, w, h] = key.slice(at + 1).split(',').map(Number) as [number, number, number, number];
  const page = await storage.getBytes(key.slice(4, at));
  const { width = 1, height = 1 } = await sharp(page).metadata();
  const left = Math.max(0, Math.min(width - 1, x));
  const top = Math.max(0, Math.min(height - 1, y));
  return sharp(page).extract({ left, top, width: Math.max(1, Math.min(width - left, x + w - left)), height: Math.max(1, Math.min(height - top, y + h - top)) })
    .jpeg({ quality: 85 }).toBuffer();
}

export async function paperImage(storage: Storage, keys: string[]): Promise<Buffer> {
  const parts = await Promise.all(keys.map((k) => partOf(storage, k)));
  if (parts.length === 1) return parts[0]!;
  const metas = await Promise.all(parts.map((p) => sharp(p).metadata()));
  const width = Math.max(...metas.map((m) => m.width ?? 1));
  const height = metas.reduce((s, m) => s + (m.height ?? 0), 0);
  let top = 0;
  const composite = parts.map((input, i) => { const o = { input, top, left: 0 }; top += metas[i]!.height ?? 0; return o; });
  return sharp({ create: { width, height: Math.max(1, height), channels: 3, background: '#ffffff' } }).composite(composite).jpeg({ quality: 85 }).toBuffer();
}
