import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ProxyOptions } from 'vite';

/**
 * Where `npm run dev -w @corner/server` listens; the dev and preview servers forward API calls there.
 * CORNER_API points them at another server, e.g. CORNER_API=http://127.0.0.1:3300.
 */
const API_ORIGIN = process.env.CORNER_API ?? 'http://127.0.0.1:3000';

const apiProxy: Record<string, ProxyOptions> = {
  '/graphql': { target: API_ORIGIN },
  '/healthz': { target: API_ORIGIN },
  '/config.json': { target: API_ORIGIN },
  // Stored files and images: /{memberId}/files/{fileId}_version_{version} and /{memberId}/images/{imageId}.
  '^/\\d+/(images|files)/': { target: API_ORIGIN },
  // Direct uploads to local disk (PUT /uploads/{memberId}/{uuid}) and built zips (/bundles/{id}/{filename}).
  '^/(uploads|bundles)/': { target: API_ORIGIN },
  // The older system's pictures and downloads, by ID/1000 (/legacy/{folder}/…).
  '^/legacy/': { target: API_ORIGIN },
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `virtual:readable-colors.css`: the text colours made readable in both schemes
 * (src/app/theme-colors.ts), computed from the app's theme when the web app is built, so the first
 * download carries a style sheet instead of the arithmetic.
 */
function readableColors(): Plugin {
  const id = 'virtual:readable-colors.css';
  const resolved = `\0${id}`;
  return {
    name: 'corner-readable-colors',
    resolveId: (source) => (source === id ? resolved : null),
    async load(loading) {
      if (loading !== resolved) return null;
      const { builtTheme, readableColorsCss } = await import('./src/app/theme-colors');
      return readableColorsCss(builtTheme());
    },
  };
}

/** The client build only: the prerender's own server-side build runs with this same file. */
const isClientBuild = (_: unknown, env: { command: string; isSsrBuild?: boolean }) => env.command === 'build' && !env.isSsrBuild;

/**
 * `dist/prerendered.json`: the HTML of each page's first paint (src/app/prerender/prerender.tsx),
 * which the server puts into index.html for that path. The module is built for Node with this same
 * configuration, so its class names are the browser build's, run once, and thrown away.
 */
function prerenderedPages(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'corner:prerender',
    apply: isClientBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      // Inside the project, so that Node finds the packages the built module imports.
      const cache = path.join(root, 'node_modules', '.cache');
      await fs.mkdir(cache, { recursive: true });
      const temporary = await fs.mkdtemp(path.join(cache, 'corner-prerender-'));
      try {
        await build({
          root,
          configFile: fileURLToPath(import.meta.url),
          logLevel: 'warn',
          ssr: { noExternal: ['@corner/domain'] },
          build: {
            ssr: 'src/app/prerender/prerender.tsx',
            outDir: temporary,
            emptyOutDir: true,
            minify: false,
            sourcemap: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { prerenderPages } = (await import(pathToFileURL(path.join(temporary, 'prerender.mjs')).href)) as {
          prerenderPages(): Promise<unknown>;
        };
        await fs.writeFile(path.join(outDir, 'prerendered.json'), JSON.stringify(await prerenderPages()));
      } finally {
        await fs.rm(temporary, { recursive: true, force: true });
      }
    },
  };
}

/** Text the server sends compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|ico|map|webmanifest)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, highest quality) and `name.gz` (gzip, level 9) beside every compressible
 * file of the build, once; the server sends them as they are (@fastify/static `preCompressed`).
 * A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'corner:precompress',
    apply: isClientBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * @corner/domain is pure (no module does anything on import), but its package does not say so:
 * without this, importing one constant from it would bring every module, and zod with them.
 */
function domainHasNoSideEffects(): Plugin {
  return {
    name: 'corner:domain-side-effects',
    transform(code, id) {
      if (id.includes('/packages/domain/src/')) return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

/**
 * The libraries every page runs, in one `vendor` chunk that changes only with their versions (an app
 * release does not download them again). Everything else, Mantine included, is split by Rollup along
 * the pages that use it, so sign-in downloads only the part of Mantine it draws.
 */
const VENDOR = /\/node_modules\/(?:react|react-dom|scheduler|react-router|i18next|react-i18next|urql|@urql\/core|wonka|@0no-co\/graphql\.web|gql\.tada)\//;

/**
 * The sha256 library the app loads only where Web Crypto is missing (plain http on another host than
 * localhost): a chunk of its own, which `experimentalMinChunkSize` would otherwise merge into the
 * entry, where every sign-in would download it.
 */
const HASH_FALLBACK = /\/node_modules\/@noble\/hashes\//;

function manualChunks(id: string): string | undefined {
  if (VENDOR.test(id)) return 'vendor';
  return HASH_FALLBACK.test(id) ? 'sha256-fallback' : undefined;
}

export default defineConfig({
  plugins: [react(), domainHasNoSideEffects(), readableColors(), prerenderedPages(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Terser, not esbuild: 3 KB less of the sign-in page's compressed JavaScript (docs/performance.md).
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 3 }, format: { comments: false } },
    // SOURCEMAP=1 npm run build: maps beside the chunks, to see which module takes how much.
    sourcemap: process.env.SOURCEMAP === '1',
    rollupOptions: {
      // gql.tada's `graphql(...)` only builds a document: one a bundle does not use is dropped
      // (a module's unused documents otherwise ride along with the ones a page needs).
      output: {
        manualChunks,
        // Merges small chunks without side effects into ones loaded in the same situations.
        experimentalMinChunkSize: 25_000,
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
