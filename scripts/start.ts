/**
 * `npm start`: builds the web app when needed, then starts the server on its embedded defaults
 * (migrates, seeds demo data into an empty database, serves API and app on PORT).
 */
import { ensureWebBuild } from './web-build';

ensureWebBuild();
await import('../apps/server/src/main');
