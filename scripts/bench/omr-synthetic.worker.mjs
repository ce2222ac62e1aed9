// Entry of the generator threads: Node 20 resolves a worker's entry before the parent's --import hooks apply,
// so the TypeScript loader is registered here and the worker proper imported after it.
import { register } from 'tsx/esm/api';

register();
await import('./omr-synthetic.worker.ts');
