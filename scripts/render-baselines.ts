// Regenerates the render snapshot baselines: `node --import tsx scripts/render-baselines.ts [card|slips|report]`.
// Prints each demo document with the render service's printer (the npm Chromium), rasterises at 50 dpi (mupdf) and writes
// tests/render/baselines/<doc>-<page>.png. Run it only after a deliberate template change, then look at the PNGs.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPrinter } from '../apps/render-service/src/printer.js';
import { BASELINE_DIR, baselinePath, printToFile, rasterise, SNAPSHOT_DOCS } from '../tests/render/docs.js';

const only = process.argv[2];
const printer = createPrinter({ chromium: 'npm' }); // the same Chromium build on every machine: baselines stay valid
const tmp = mkdtempSync(path.join(os.tmpdir(), 'jz-baselines-'));
mkdirSync(BASELINE_DIR, { recursive: true });
try {
  for (const doc of SNAPSHOT_DOCS) {
    if (only && doc.name !== only) continue;
    for (const f of readdirSync(BASELINE_DIR)) if (f.startsWith(`${doc.name}-`) && f.endsWith('.png')) rmSync(path.join(BASELINE_DIR, f));
    const pages = rasterise(await printToFile(printer, doc, tmp));
    pages.forEach((png, i) => writeFileSync(baselinePath(doc.name, i + 1), png));
    console.log(`${doc.name}: ${pages.length} 页 → ${path.relative(process.cwd(), BASELINE_DIR)}/${doc.name}-N.png`);
  }
} finally {
  await printer.close();
  rmSync(tmp, { recursive: true, force: true });
}
