// @jz/render-service: the PDF/Excel printing engine. The platform runs it through the api's job layer (render
// kinds calling processJob with a warm printer; apps/api/src/modules/render/render.jobs.ts, worker process
// apps/api/src/worker.ts). createRenderQueue / src/worker.ts are this package's standalone queue (own tests).
export { createRenderQueue, createInProcessQueue, createBullQueue, createRenderWorker, DEFAULT_QUEUE, redisConnection,
  type RenderQueue, type RenderQueueOptions, type RenderWorker, type RenderWorkerOptions } from './queue.js';
export { BadInputError, JOB_TYPES, RESULT_EXT, type JobInfo, type JobOwner, type JobState, type JobType } from './jobs.js';
export { createPrinter, fontconfigFile, launchChromium, type Printer, type PdfPageSize } from './printer.js';
export { describeChromium, resolveChromium, systemChromiumPath, npmChromium, type BrowserBinary } from './browser.js';
export { processJob, resultPathOf, type ProcessContext } from './processors.js';
export { startWorkerFromEnv, DEFAULT_DATA_DIR } from './worker.js';
