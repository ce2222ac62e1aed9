// HTML → PDF with one warm Chromium per worker process (playwright-core driving Debian's Chromium).
// Fonts: Chromium embeds CJK OTF/TTC faces as Type 3 glyphs (big PDFs, poor text extraction), so Chromium is
// started with a fontconfig file whose first directories hold Noto Sans SC as TrueType (from the npm package
// @expo-google-fonts/noto-sans-sc); 'Noto Sans SC' in the templates' font-family then resolves to it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); the wrapper in /usr/bin prints a harmless warning. */
export function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));
}

// Memory (measured with two tabs printing slips): Chromium 156's headless mode gives every tab an omnibox popup
// WebUI renderer (≈ 65 MB each, seen as 'browser_ui' targets) and keeps a spare renderer warm; both are
// disabled. The GPU (software compositing) and network services run inside the browser process.
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', '--in-process-gpu',
  '--disable-features=SpareRendererForSitePerProcess,WebUIOmniboxAimPopup,WebUIOmniboxPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
  '--enable-features=NetworkServiceInProcess2'];

/** Writes (once per process) a fonts.conf preferring the TrueType Noto Sans SC; undefined when the package is absent. */
export function fontconfigFile(): string | undefined {
  if (process.env.RENDER_TRUETYPE_FONTS === '0') return undefined;
  let fontRoot: string;
  try {
    fontRoot = path.dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  } catch {
    return undefined;
  }
  const dirs = ['400Regular', '700Bold'].map((d) => path.join(fontRoot, d)).filter((d) => existsSync(d));
  if (!dirs.length) return undefined;
  const dir = path.join(os.tmpdir(), `jz-render-fonts-${process.getuid?.() ?? 0}`);
  mkdirSync(path.join(dir, 'cache'), { recursive: true });
  const file = path.join(dir, 'fonts.conf');
  const xml = `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n`
    + dirs.map((d) => `  <dir>${d}</dir>\n`).join('')
    + `  <dir>/usr/share/fonts</dir>\n  <dir>/usr/local/share/fonts</dir>\n  <cachedir>${path.join(dir, 'cache')}</cachedir>\n`
    + `  <include ignore_missing="yes">/etc/fonts/conf.d</include>\n</fontconfig>\n`;
  writeFileSync(file, xml);
  return file;
}

export type PdfPageSize = { format: 'A4' } | { width: string; height: string };

export interface Printer {
  /** Prints one HTML document to PDF bytes; the page size comes from the document's @page (preferCSSPageSize). */
  printPdf(html: string, size: PdfPageSize): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * One Chromium, started on first use and kept warm; if it crashes it is started again on the next print.
 * Tabs are kept warm too (a new tab costs a renderer process start and font loading, most of a small
 * document's print time): up to `poolSize` idle tabs are reused (two: a slips job prints two chunks at once),
 * each for at most `tabUses` documents.
 */
export function createPrinter(opts: { poolSize?: number; tabUses?: number; reuseBelowBytes?: number; gcAfterBytes?: number } = {}): Printer {
  const poolSize = opts.poolSize ?? 2;
  const tabUses = opts.tabUses ?? 50;
  // A reused tab's renderer keeps the printed documents' garbage (measured after 50-slip chunks: 160 → 330 MB
  // over four chunks); blanking the tab and forcing a garbage collection brings it back to ≈ 75 MB, so tabs are
  // reused for many documents. The collection (and the heap growing again after it) costs throughput, so it runs
  // once `gcAfterBytes` of HTML (RENDER_GC_BYTES, default 500 kB ≈ 55 slips) went through the tab since the last.
  // Documents above `reuseBelowBytes` of HTML close their tab.
  const reuseBelow = opts.reuseBelowBytes ?? Infinity;
  const gcAfter = opts.gcAfterBytes ?? Number(process.env.RENDER_GC_BYTES ?? 500_000);
  let browser: Promise<Browser> | undefined;
  type Tab = { page: Page; cdp: Promise<CDPSession | undefined>; uses: number; sinceGc: number };
  const idle: Tab[] = [];
  const launch = (): Promise<Browser> => {
    const executablePath = chromiumPath();
    if (!executablePath) return Promise.reject(new Error('未找到 Chromium：请先 apt-get install -y chromium fonts-noto-cjk'));
    const fonts = fontconfigFile();
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    if (fonts) env.FONTCONFIG_FILE = fonts;
    const p = chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS, env }).then((b) => {
      b.on('disconnected', () => { if (browser === p) { browser = undefined; idle.length = 0; } });
      return b;
    });
    p.catch(() => { if (browser === p) browser = undefined; });
    return p;
  };
  const acquire = async (): Promise<Tab> => {
    for (let tab = idle.pop(); tab; tab = idle.pop()) if (!tab.page.isClosed()) return tab;
    browser ??= launch();
    const page = await (await browser).newPage();
    return { page, cdp: page.context().newCDPSession(page).catch(() => undefined), uses: 0, sinceGc: 0 };
  };
  const release = async (tab: Tab, ok: boolean, size: number) => {
    tab.uses++;
    tab.sinceGc += size;
    if (ok && size < reuseBelow && tab.uses < tabUses && idle.length < poolSize && !tab.page.isClosed()) {
      try {
        // drop the printed document and collect it, so an idle tab holds little memory
        await tab.page.setContent('<!DOCTYPE html><html><body></body></html>');
        if (tab.sinceGc >= gcAfter) {
          tab.sinceGc = 0;
          await (await tab.cdp)?.send('HeapProfiler.collectGarbage');
        }
        idle.push(tab);
      } catch {
        await tab.page.close().catch(() => undefined);
      }
    } else {
      await tab.page.close().catch(() => undefined);
    }
  };
  return {
    async printPdf(html, size) {
      const tab = await acquire();
      let ok = false;
      try {
        await tab.page.setContent(html, { waitUntil: 'load', timeout: 120_000 });
        await tab.page.evaluate(() => document.fonts.ready.then(() => undefined));
        const pdf = await tab.page.pdf({ ...size, preferCSSPageSize: true, printBackground: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
        ok = true;
        return pdf;
      } finally {
        await release(tab, ok, html.length);
      }
    },
    async close() {
      const b = browser;
      browser = undefined;
      idle.length = 0;
      if (b) await (await b.catch(() => undefined))?.close().catch(() => undefined);
    },
  };
}
