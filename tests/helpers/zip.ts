// Reads a zip in Node (jszip), so the tests need no unzip binary: entry name → bytes, in archive order.
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';

export async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  const out = new Map<string, Buffer>();
  for (const entry of Object.values(zip.files)) if (!entry.dir) out.set(entry.name, await entry.async('nodebuffer'));
  return out;
}
