/**
 * Object storage for uploaded and derived files (scanned sheets, cut blocks, 标答 and template images, import
 * uploads, render inputs and results): put / get / stat / delete / list by key. Keys are relative paths of
 * '/'-separated safe segments (scans/12/34/…). Two stores, chosen by the environment (STORAGE): the local folder
 * DATA_DIR/files (one machine, or a shared volume), and any S3-compatible object store (MinIO, the Chinese clouds'
 * object stores: core/storage-s3.ts) that every api instance and worker reaches. Callers never see paths. Writes are
 * whole or absent: the local store writes a temporary name and renames it, S3 makes an object only when its upload
 * completes.
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
  /** Size and last change of the object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  /** Deletes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under the prefix (a folder-like prefix ending in '/'). */
  list(prefix: string): Promise<string[]>;
  /** Every object under the prefix with its last change (the sweep of old files). */
  entries(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
}

/** An S3-compatible store (STORAGE=s3): bucket, and where and how to reach it. */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** S3_ENDPOINT (http(s)://host:port of MinIO or a cloud's S3 endpoint); absent: AWS S3 of the region. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (MinIO); virtual-hosted style (bucket.host) otherwise, as the clouds want. */
  forcePathStyle: boolean;
}
/** Which store this process opens (from the environment: every api instance and worker opens the same one). */
export type StorageConfig = { kind: 'local'; root: string } | S3StorageConfig;

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
      const limit = byteLimit(opts.maxBytes, opts.drain);
      try {
        await pipeline(body, limit.counter, createWriteStream(tmp));
        if (limit.over()) throw new StorageLimitError(opts.maxBytes!);
        await fs.rename(tmp, file);
      } catch (e) {
        await fs.rm(tmp, { force: true });
        throw e;
      }
      return limit.bytes();
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
    async stat(key) {
      const st = await fs.stat(fileOf(key)).catch(() => null);
      return st?.isFile() ? { size: st.size, modifiedAt: st.mtime } : null;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      return (await walk(prefix)).map((e) => e.key);
    },
    entries: (prefix) => walk(prefix),
  };
  /** Files under the prefix (not the .part files of writes in progress), sorted by key. */
  async function walk(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const base = prefix.replace(/\/+$/, '');
    const out: { key: string; modifiedAt: Date }[] = [];
    const visit = async (d: string, rel: string) => {
      let entries;
      try {
        entries = await fs.readdir(d, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.name.endsWith('.part')) continue;
        const k = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) await visit(path.join(d, e.name), k);
        else {
          const st = await fs.stat(path.join(d, e.name)).catch(() => null);
          if (st) out.push({ key: k, modifiedAt: st.mtime });
        }
      }
    };
    await visit(base ? fileOf(base) : root, base);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

/** Counts the bytes going through and stops past maxBytes (at once, or — drain — after reading the source to its end). */
export function byteLimit(maxBytes: number | undefined, drain: boolean | undefined): { counter: Transform; bytes(): number; over(): boolean } {
  let bytes = 0;
  let over = false;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      if (maxBytes === undefined || bytes <= maxBytes) cb(null, chunk);
      else if (drain) { over = true; cb(); }
      else cb(new StorageLimitError(maxBytes));
    },
  });
  return { counter, bytes: () => bytes, over: () => over };
}
