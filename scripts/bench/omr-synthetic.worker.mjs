// Entry of the generator threads: Node 20 resolves a worker's entry before the parent's --import hooks apply,
// so the TypeScript loader is registered here and the worker proper imported after it (workerData.entry, a file
// URL, for other benchmarks' threads; the synthetic set's generator otherwise).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.entry ?? './omr-synthetic.worker.ts');
