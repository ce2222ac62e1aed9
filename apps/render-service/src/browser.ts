// Which Chromium prints: CHROMIUM_PATH, else Debian's (apt-get install chromium), else the one inside the npm
// package @sparticuz/chromium, so that `npm install && npm start` is all the set-up a machine needs.
// The npm build is a headless shell made for Amazon Linux: it is unpacked once per machine into the temporary
// folder (≈ 1.5–8 s) with the NSS/expat libraries it ships, which are put on its LD_LIBRARY_PATH.
import { accessSync, constants, createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

export interface BrowserBinary {
  executablePath: string;
  /** 'system': CHROMIUM_PATH or Debian's package; 'npm': @sparticuz/chromium. */
  kind: 'system' | 'npm';
  version?: string;
  /** Extra environment for the browser process. */
  env: Record<string, string>;
  /** Extra launch arguments this binary needs. */
  args: string[];
}

/** A system Chromium: CHROMIUM_PATH, else Debian's (the wrapper in /usr/bin prints a harmless warning);
 *  CHROMIUM_PATH=npm skips them for the npm one. */
export function systemChromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH === 'npm') return undefined;
  return [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p): p is string => !!p && isExecutable(p));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Regular files of a tar archive (the package's archives hold nothing else) written under `dir`. */
function untar(tar: Buffer, dir: string): void {
  const field = (at: number, len: number) => tar.subarray(at, at + len).toString('latin1').replace(/\0.*$/s, '');
  for (let off = 0; off + 512 <= tar.length && tar[off] !== 0;) {
    const size = parseInt(field(off + 124, 12).trim() || '0', 8);
    const type = field(off + 156, 1);
    const name = [field(off + 345, 155), field(off, 100)].filter(Boolean).join('/');
    const target = path.resolve(dir, name);
    if (!target.startsWith(dir + path.sep)) throw new Error(`压缩包路径越界：${name}`);
    if (type === '0' || type === '') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, tar.subarray(off + 512, off + 512 + size), { mode: parseInt(field(off + 100, 8).trim() || '644', 8) & 0o777 });
    } else if (type === '5') {
      mkdirSync(target, { recursive: true });
    }
    off += 512 + Math.ceil(size / 512) * 512;
  }
}

let unpacked: Promise<BrowserBinary> | undefined;

/** Unpacks @sparticuz/chromium into <tmp>/jz-chromium-<version>-<uid> (once; concurrent processes race safely:
 *  each unpacks into its own folder and renames it into place, the loser's copy is dropped). */
export function npmChromium(): Promise<BrowserBinary> {
  unpacked ??= (async () => {
    const require = createRequire(import.meta.url);
    // The package root: the nearest folder above its entry point whose package.json names it (the entry's depth varies by version).
    let pkgDir = path.dirname(require.resolve('@sparticuz/chromium'));
    const nameAt = (dir: string) => { try { return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name; } catch { return undefined; } };
    while (nameAt(pkgDir) !== '@sparticuz/chromium' && path.dirname(pkgDir) !== pkgDir) pkgDir = path.dirname(pkgDir);
    const version = (JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
    const dir = path.join(os.tmpdir(), `jz-chromium-${version}-${process.getuid?.() ?? 0}`);
    const exe = path.join(dir, 'chromium');
    if (!existsSync(exe)) {
      const tmp = `${dir}.${process.pid}.${Date.now()}`;
      mkdirSync(tmp, { recursive: true });
      try {
        untar(brotliDecompressSync(readFileSync(path.join(pkgDir, 'bin', 'al2023.tar.br'))), tmp);
        await pipeline(createReadStream(path.join(pkgDir, 'bin', 'chromium.br')), createBrotliDecompress(),
          createWriteStream(path.join(tmp, 'chromium'), { mode: 0o755 }));
        try {
          renameSync(tmp, dir);
        } catch (e) {
          if (!existsSync(exe)) throw e; // another process won the race
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    }
    const lib = path.join(dir, 'lib');
    const ld = [lib, ...(process.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean)].join(':');
    // No SwiftShader is unpacked: without --disable-software-rasterizer the headless shell exits when its GL
    // start-up fails; printing needs no GL (software compositing).
    return { executablePath: exe, kind: 'npm', version, env: { LD_LIBRARY_PATH: ld }, args: ['--disable-software-rasterizer'] };
  })();
  unpacked.catch(() => { unpacked = undefined; });
  return unpacked;
}

/** The browser the product uses: a system Chromium when present, else the npm one ('npm': always the npm one,
 *  as the render snapshots do, so their baselines are the same on every machine). */
export async function resolveChromium(prefer: 'system' | 'npm' = 'system'): Promise<BrowserBinary> {
  const system = prefer === 'system' ? systemChromiumPath() : undefined;
  if (system) return { executablePath: system, kind: 'system', env: {}, args: [] };
  try {
    return await npmChromium();
  } catch (e) {
    throw new Error(`未找到可用的 Chromium（@sparticuz/chromium 解压失败：${e instanceof Error ? e.message : String(e)}）；请重新运行 npm install`, { cause: e });
  }
}

/** A one-line name of the browser, for logs and benchmark lines. */
export const describeChromium = (bin: BrowserBinary): string =>
  (bin.kind === 'npm' ? `npm @sparticuz/chromium ${bin.version}` : `system ${bin.executablePath}`);
