/**
 * Object storage for uploaded and derived files (scanned sheets, cut blocks): put / get / delete / list by key.
 * Keys are relative paths of '/'-separated safe segments (scans/12/34/…); the local implementation keeps them as
 * files under DATA_DIR/files. An S3-compatible store only needs another implementation of `Storage` and a new
 * `StorageConfig` kind: callers never see paths. Writes go to a temporary name first and are renamed into place,
 * so a reader never sees half a file.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Storage {
  /**
   * Writes the stream (or bytes) to key and answers the bytes written. With maxBytes, past that many bytes nothing
   * is kept and StorageLimitError is thrown: at once (the source is destroyed), or with drain after reading the
   * source to its end (a request's file part must be read through for the next part to arrive).
   */
  put(key: string, body: Readable | Buffer | Uint8Array, opts?: { maxBytes?: number; drain?: boolean }): Promise<number>;
  /** A stream of the object; throws StorageNotFound when it does not exist. */
  getStream(key: string): Promise<Readable>;
  /** The whole object (for decoding one page; callers bound the size by what they stored). */
  getBytes(key: string): Promise<Buffer>;
  /** Deletes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under the prefix (a folder-like prefix ending in '/'). */
  list(prefix: string): Promise<string[]>;
}

/** Serialisable description of a store, so that a job running in another process opens the same one. */
export type StorageConfig = { kind: 'local'; root: string };

export class StorageLimitError extends Error {
  override name = 'StorageLimitError';
  constructor(readonly maxBytes: number) { super(`文件超过 ${maxBytes} 字节`); }
}
export class StorageNotFound extends Error {
  override name = 'StorageNotFound';
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Refuses keys that could leave the root ('..', absolute, odd characters). */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (!parts.length || parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..')) throw new Error(`非法的存储键：${key}`);
  return key;
}

export function localStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async put(key, body, opts = {}) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID().slice(0, 8)}.part`;
      if (!(body instanceof Readable)) {
        // bytes in memory (a page image, a cut block): one write, no stream machinery per file
        if (opts.maxBytes !== undefined && body.length > opts.maxBytes) throw new StorageLimitError(opts.maxBytes);
        try {
          await fs.writeFile(tmp, body);
          await fs.rename(tmp, file);
        } catch (e) {
          await fs.rm(tmp, { force: true });
          throw e;
        }
        return body.length;
      }
      let bytes = 0;
      let over = false;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          bytes += chunk.length;
          if (opts.maxBytes === undefined || bytes <= opts.maxBytes) cb(null, chunk);
          else if (opts.drain) { over = true; cb(); }
          else cb(new StorageLimitError(opts.maxBytes));
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(tmp));
        if (over) throw new StorageLimitError(opts.maxBytes!);
        await fs.rename(tmp, file);
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
      return bytes;
    },
    async getStream(key) {
      const file = fileOf(key);
      try {
        await fs.access(file);
      } catch {
        throw new StorageNotFound(key);
      }
      return createReadStream(file);
    },
    async getBytes(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOENT') throw new StorageNotFound(key);
        throw e;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const base = prefix.replace(/\/+$/, '');
      const dir = base ? fileOf(base) : root;
      const out: string[] = [];
      const walk = async (d: string, rel: string) => {
        let entries;
        try {
          entries = await fs.readdir(d, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          if (e.name.endsWith('.part')) continue;
          const k = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) await walk(path.join(d, e.name), k);
          else out.push(k);
        }
      };
      await walk(dir, base);
      return out.sort();
    },
  };
}

/** The store a config names (local: DATA_DIR/files). */
export function openStorage(config: StorageConfig): Storage {
  if (config.kind === 'local') return localStorage(config.root);
  throw new Error(`未知的存储类型：${(config as { kind: string }).kind}`);
}

export const localStorageConfig = (dataDir: string): StorageConfig => ({ kind: 'local', root: path.join(dataDir, 'files') });
