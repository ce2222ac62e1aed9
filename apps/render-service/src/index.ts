// @jz/render-service: PDF/Excel rendering jobs. The api calls createRenderQueue({ redisUrl: process.env.REDIS_URL,
// dataDir }) once, adds jobs with the caller's owner, polls get(id), and serves resultPath(id) after checking
// owner.schoolId / userId against the session. Worker processes: src/worker.ts.
export { createRenderQueue, createInProcessQueue, createBullQueue, createRenderWorker, DEFAULT_QUEUE, redisConnection,
  type RenderQueue, type RenderQueueOptions, type RenderWorker, type RenderWorkerOptions } from './queue.js';
export { BadInputError, JOB_TYPES, RESULT_EXT, type JobInfo, type JobOwner, type JobState, type JobType } from './jobs.js';
export { createPrinter, fontconfigFile, launchChromium, type Printer, type PdfPageSize } from './printer.js';
export { describeChromium, resolveChromium, systemChromiumPath, npmChromium, type BrowserBinary } from './browser.js';
export { processJob, resultPathOf, type ProcessContext } from './processors.js';
export { startWorkerFromEnv, DEFAULT_DATA_DIR } from './worker.js';
