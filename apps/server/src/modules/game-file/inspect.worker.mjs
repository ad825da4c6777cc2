// The worker thread's entry: it registers tsx (the server's TypeScript loader) in this thread, then
// loads the worker itself (inspect.worker.ts). A worker does not inherit the loader of its parent.
import { register } from 'tsx/esm/api';

register();
await import('./inspect.worker.ts');
