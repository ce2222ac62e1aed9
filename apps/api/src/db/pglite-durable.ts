import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite on a real folder with PostgreSQL's own durability switched back on.
 *
 * Out of the box (@electric-sql/pglite 0.5.x) a persisted PGlite never reaches the disk platter:
 * it starts the backend with `-F` (fsync = off), Emscripten's NODEFS has no `fsync` stream operation (so even
 * with fsync on, `fsync()` succeeds without doing anything) and `fdatasync()` is a no-op in the WASM runtime.
 * Here: the start parameters drop `-F`, WAL is flushed with `fsync` (the one call we can route), and the NODEFS
 * stream operations gain an `fsync` that calls the host's fsync on the file — or on the directory, which
 * PostgreSQL fsyncs after creating or renaming files (durable_rename) and which NODEFS opens without a host
 * descriptor. A committed transaction is then on disk when COMMIT returns, as with a real PostgreSQL server.
 */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on'];
}

interface NodefsStream { nfd?: number; node: unknown }
interface NodefsModule {
  NODEFS: { stream_ops: Record<string, unknown>; realPath(node: unknown): string };
}

/** How many host fsyncs ran (tests check that the durable path is really taken). */
export const fsyncStats = { calls: 0 };

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, emscriptenOptions);
    const opts = result.emscriptenOpts as { preRun?: Array<(mod: NodefsModule) => void> };
    opts.preRun = [...(opts.preRun ?? []), (mod) => installFsync(mod)];
    return result;
  }
}

function installFsync(mod: NodefsModule): void {
  const nodefs = mod.NODEFS;
  nodefs.stream_ops.fsync = (stream: NodefsStream) => {
    fsyncStats.calls++;
    if (stream.nfd !== undefined) {
      fs.fsyncSync(stream.nfd);
      return 0;
    }
    // A directory (NODEFS keeps no host descriptor for it): open it on the host and fsync that.
    const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return 0;
  };
}

type Options = Omit<PGliteOptions, 'dataDir' | 'fs'>;

function createDurablePGlite(dataDir: string, options: Options): Promise<PGlite> {
  return PGlite.create({ ...options, fs: new DurableNodeFS(dataDir), relaxedDurability: false, startParams: durableStartParams() });
}

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
}

/** fsync every file and folder below dir (files PGlite copied in are not known to PostgreSQL's checkpointer). */
export function fsyncTree(dir: string): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) fsyncTree(p);
    else if (e.isFile()) fsyncPath(p);
  }
  fsyncPath(dir);
}

export class NotADatabaseError extends Error {}

/**
 * Builds a new data folder beside its final place (initdb, or `loadDataDir` = a backup), closes it cleanly,
 * fsyncs it, then renames it into place: a process killed half-way leaves no half-made folder that would later
 * be taken for a database (PGlite copies initdb's files into the folder one by one).
 */
export async function buildDataDir(dataDir: string, options: Options = {}): Promise<void> {
  const temp = `${dataDir}.building-${process.pid}`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true });
  const pg = await createDurablePGlite(temp, options);
  await pg.close();
  fsyncTree(temp);
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir); // only ever an empty folder here
  fs.renameSync(temp, dataDir);
  fsyncPath(path.dirname(dataDir));
}

/** Opens a PGlite data folder (creating it on first use) with every commit fsynced. */
export async function openDurablePGlite(dataDir: string, options: Options = {}): Promise<PGlite> {
  const exists = fs.existsSync(dataDir);
  if (!exists || !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (exists && fs.readdirSync(dataDir).length > 0) throw new NotADatabaseError(`${dataDir} 不是空文件夹，也不是数据库（缺少 PG_VERSION）`);
    await buildDataDir(dataDir, { parsers: options.parsers });
  }
  // PostgreSQL's own words (PANIC / FATAL) explain a failed open better than WASM's "Aborted()".
  const said: string[] = [];
  try {
    return await createDurablePGlite(dataDir, { ...options, onStderr: (line) => { if (/PANIC|FATAL/.test(line)) said.push(line.trim()); return false; } });
  } catch (e) {
    throw new Error(said.length ? said.slice(-3).join('；') : (e as Error).message, { cause: e });
  }
}
