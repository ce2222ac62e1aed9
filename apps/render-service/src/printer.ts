// HTML → PDF with one warm Chromium per worker process (playwright-core driving Debian's Chromium when present,
// else the Chromium of the npm package @sparticuz/chromium: see browser.ts).
// The printed page may load nothing: every request it makes is aborted (data: URLs are never requests), and
// scripts are off, so a template bug cannot read file:// or reach an internal URL.
// Fonts: Chromium embeds CJK OTF/TTC faces as Type 3 glyphs (big PDFs, poor text extraction), so Chromium is
// started with a fontconfig file whose first directories hold Noto Sans SC as TrueType (from the npm package
// @expo-google-fonts/noto-sans-sc); 'Noto Sans SC' in the templates' font-family then resolves to it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { resolveChromium, type BrowserBinary } from './browser.js';

// Memory (measured with two tabs printing slips): Chromium 156's headless mode gives every tab an omnibox popup
// WebUI renderer (≈ 65 MB each, seen as 'browser_ui' targets) and keeps a spare renderer warm; both are
// disabled. The GPU (software compositing) and network services run inside the browser process. No zygote: the
// browser starts each renderer itself (still one process per tab), which drops the two zygote processes (≈ 32 MB
// each); the sandbox, which needs them, is off already.
const LAUNCH_ARGS = ['--no-sandbox', '--no-zygote', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
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

/** Starts a Chromium with the project's flags and the TrueType CJK fontconfig (also used by the e2e walks). */
export function launchChromium(bin: BrowserBinary, extraArgs: string[] = []): Promise<Browser> {
  const fonts = fontconfigFile();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  if (fonts) env.FONTCONFIG_FILE = fonts;
  Object.assign(env, bin.env);
  return chromium.launch({ executablePath: bin.executablePath, headless: true, args: [...LAUNCH_ARGS, ...bin.args, ...extraArgs], env });
}

/** The only URLs a printed page may load: its own inline data. */
const isOwnUrl = (url: string) => url.startsWith('data:') || url === 'about:blank';

export type PdfPageSize = { format: 'A4' } | { width: string; height: string };

export interface Printer {
  /** The Chromium in use (after the first print). */
  browser(): BrowserBinary | undefined;
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
export function createPrinter(opts: { poolSize?: number; tabUses?: number; reuseBelowBytes?: number; gcAfterBytes?: number; chromium?: 'system' | 'npm' } = {}): Printer {
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
  let binary: BrowserBinary | undefined;
  type Tab = { page: Page; cdp: Promise<CDPSession | undefined>; uses: number; sinceGc: number };
  const idle: Tab[] = [];
  const launch = (): Promise<Browser> => {
    const p = resolveChromium(opts.chromium).then((bin) => {
      binary = bin;
      return launchChromium(bin);
    }).then((b) => {
      b.on('disconnected', () => { if (browser === p) { browser = undefined; idle.length = 0; } });
      return b;
    });
    p.catch(() => { if (browser === p) browser = undefined; });
    return p;
  };
  const acquire = async (): Promise<Tab> => {
    for (let tab = idle.pop(); tab; tab = idle.pop()) if (!tab.page.isClosed()) return tab;
    browser ??= launch();
    const page = await (await browser).newPage({ javaScriptEnabled: false });
    await page.route('**/*', (route) => (isOwnUrl(route.request().url()) ? route.continue() : route.abort('blockedbyclient')));
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
    browser: () => binary,
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
