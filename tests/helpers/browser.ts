import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); the wrapper in /usr/bin prints a harmless warning. */
export function chromiumPath(): string | undefined {
  return ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('未找到 Chromium：请先 apt-get install -y chromium fonts-noto-cjk');
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}
