import { chromium, type Browser } from 'playwright-core';
import { resolveChromium } from '../../apps/render-service/src/browser.js';

/** The browser of the walks: Debian's Chromium when installed, else the one of the npm package @sparticuz/chromium
 *  (the same choice the render service makes), so `npm install` is all the set-up the e2e tests need. */
export async function launchBrowser(): Promise<Browser> {
  const bin = await resolveChromium();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return chromium.launch({
    executablePath: bin.executablePath,
    headless: true,
    env: { ...env, ...bin.env },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...bin.args],
  });
}
