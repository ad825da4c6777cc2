import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

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
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks, so that an app release does not re-download the libraries.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(@mantine|@floating-ui|react-remove-scroll|react-textarea-autosize)/.test(id)) return 'mantine';
          if (/node_modules\/@tabler/.test(id)) return 'icons';
          if (/node_modules\/(urql|@urql|wonka|graphql|gql\.tada|@0no-co)/.test(id)) return 'graphql';
          if (/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
