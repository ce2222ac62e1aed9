// Prints the scanning demo exam's card once, for the first-start seed (apps/api/src/seed/demo-scan.ts), so that
// `npm start` needs no Chromium: `node --import tsx scripts/demo-scan-blanks.ts`.
// A throw-away in-memory database gets the same seed as a first start (schools, the released demo exams, then the
// demo scan exam with its saved card), so the card carries the same exam subject id in its page code; the card is
// printed by the render service's printer (the npm Chromium, as the render baselines), rasterised by mupdf at 150 dpi
// greyscale and written as JPEG to apps/api/src/seed/demo-scan-blanks/blank-pN.jpg with layout.json (the card the
// seed checks against). Run it again after a change to the card maker or to the seed before the demo exam.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { renderCardHtml, type CardLayout } from '@jz/report-templates';
import { createPrinter } from '../apps/render-service/src/printer.js';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../apps/api/src/seed/demo.js';
import { createDemoScanExam, DEMO_SCAN_BLANKS_DIR, DEMO_SCAN_DPI } from '../apps/api/src/seed/demo-scan.js';
import { rasterisePdf } from '../tests/helpers/card-blanks.js';

process.env.NODE_ENV ??= 'production';
const database = await openDatabase({ pglite: await PGlite.create() });
try {
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  const made = await createDemoScanExam(database.db);
  if (!made) throw new Error('示例中学 missing after the seed');
  const layout = made.layout as CardLayout;
  const printer = createPrinter({ chromium: 'npm' });
  try {
    const pdf = await printer.printPdf(renderCardHtml(layout), { format: 'A4' });
    mkdirSync(DEMO_SCAN_BLANKS_DIR, { recursive: true });
    for (const [i, page] of rasterisePdf(pdf, DEMO_SCAN_DPI).entries()) {
      const { width, height, data } = page.raster;
      const jpeg = await sharp(Buffer.from(data), { raw: { width, height, channels: 1 } }).jpeg({ quality: 90 }).withMetadata({ density: DEMO_SCAN_DPI }).toBuffer();
      const file = path.join(DEMO_SCAN_BLANKS_DIR, `blank-p${i + 1}.jpg`);
      writeFileSync(file, jpeg);
      console.log(`${path.relative(process.cwd(), file)}: ${width}×${height}, ${Math.round(jpeg.length / 1024)} KB`);
    }
    writeFileSync(path.join(DEMO_SCAN_BLANKS_DIR, 'layout.json'), `${JSON.stringify(layout)}\n`);
    console.log(`考试科目 ${made.examSubjectId}：${layout.pages.length} 页答题卡`);
  } finally {
    await printer.close();
  }
} finally {
  await database.close();
}
