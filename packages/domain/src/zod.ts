import { z } from 'zod';

/**
 * Lets zod's parsers run without compiling code at run time. zod otherwise probes `new Function`,
 * which a Content-Security-Policy without 'unsafe-eval' (the web app's) refuses and reports as a
 * violation. Call it before any schema is made.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
