/** Opening the store the environment names (core/storage.ts local folder, core/storage-s3.ts S3), once per process. */
import path from 'node:path';
import { localStorage, type Storage, type StorageConfig } from './storage.js';
import { ensureBucket, s3Storage } from './storage-s3.js';
import { StartupError } from '../db/startup.js';

const opened = new Map<string, Storage>();

/** The store a config names (local: the folder; s3: the bucket), one per config in a process. */
export function openStorage(config: StorageConfig): Storage {
  const id = JSON.stringify(config);
  let store = opened.get(id);
  if (!store) {
    store = config.kind === 'local' ? localStorage(config.root) : s3Storage(config);
    opened.set(id, store);
  }
  return store;
}

/** The local store of a data folder: DATA_DIR/files. */
export const localStorageConfig = (dataDir: string): StorageConfig => ({ kind: 'local', root: path.join(dataDir, 'files') });

/** The store of a process's configuration: the S3 bucket when STORAGE=s3, else DATA_DIR/files. */
export const storageOf = (config: { dataDir: string; s3?: StorageConfig }): Storage => openStorage(config.s3 ?? localStorageConfig(config.dataDir));

/**
 * The store at a process's start: with STORAGE=s3 the bucket is checked first (made when missing, as MinIO's is on a
 * first start); a store that cannot be reached stops the start with its address and the reason.
 */
export async function openConfiguredStorage(config: { dataDir: string; s3?: StorageConfig }): Promise<Storage> {
  if (config.s3?.kind === 's3') {
    try {
      await ensureBucket(config.s3);
    } catch (e) {
      throw new StartupError(e instanceof Error ? e.message : String(e));
    }
  }
  return storageOf(config);
}
