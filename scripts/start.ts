/**
 * `npm start`: builds the web app when needed, then starts the server on its embedded defaults
 * (migrates, seeds demo data into an empty database, serves API and app on PORT).
 */
import cluster from 'node:cluster';
import { ensureWebBuild } from './web-build';

// Server processes (SERVER_PROCESSES) run this file too; their primary has built the app.
if (cluster.isPrimary) ensureWebBuild();
await import('../apps/server/src/main');
