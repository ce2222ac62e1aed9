/**
 * Bundles render results (per-class PDFs) into one zip file with yazl (the writer companion of yauzl): files
 * are streamed from disk into the archive, names are UTF-8, ZIP64 is used when needed.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export interface ZipFileEntry { name: string; file: string }

/** Writes the zip of `entries` (files on disk, stored under `name`) to `dest`. */
export async function writeZipFile(dest: string, entries: ZipFileEntry[]): Promise<void> {
  const zip = new ZipFile();
  // PDFs are already compressed inside: storing them saves CPU and barely changes the size
  for (const e of entries) zip.addFile(e.file, e.name, { compress: !/\.pdf$/i.test(e.name) });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(dest));
}
