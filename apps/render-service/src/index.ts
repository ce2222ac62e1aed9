// @jz/render-service: the PDF/Excel printing engine. The platform runs it through the api's job layer (render
// kinds calling processJob with a warm printer; apps/api/src/modules/render/render.jobs.ts, worker process
// apps/api/src/worker.ts).
export { BadInputError, JOB_TYPES, RESULT_EXT, transientMessage, type JobType } from './jobs.js';
export { createPrinter, fontconfigFile, launchChromium, type Printer, type PdfPageSize } from './printer.js';
export { describeChromium, resolveChromium, systemChromiumPath, npmChromium, type BrowserBinary } from './browser.js';
export { processJob, resultPathOf, type ProcessContext } from './processors.js';
