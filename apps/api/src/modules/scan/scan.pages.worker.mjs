// Entry of the page thread (scan.pages.ts): Node resolves a worker's entry before the parent's --import hooks
// apply, so the TypeScript loader is registered here and the thread proper imported after it.
import { register } from 'tsx/esm/api';

register();
await import('./scan.pages.thread.ts');
