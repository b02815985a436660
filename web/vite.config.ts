import { join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { RESEARCH } from './app/content/research-items.ts';
import { SITE } from './app/site-config.ts';
import { researchPlugin } from './scripts/reports/research-plugin.ts';

/**
 * `npm run dev` (from the root) runs this dev server beside the local API (functions/local/
 * dev-api.ts) and proxies `/api` to it: the browser sees one origin, as behind CloudFront,
 * so forms, the browser check and hot reload work together. The ports are the local stack's
 * variables and defaults (functions/local/environment.ts): DEV_PORT here, PORT for the API.
 */
const port = (name: string, fallback: number) => Number(process.env[name]?.trim() || fallback);

export default defineConfig({
  plugins: [
    reactRouter(),
    // The research files' catalogue for the download form and the functions, and their PDFs,
    // beside the site and not in it: they are handed out only through a visitor's personal
    // link (docs/decisions/030, 069). The build directory is react-router.config.ts's.
    researchPlugin({
      content: RESEARCH,
      siteOrigin: SITE.origin,
      outDir: join(import.meta.dirname, process.env.WEB_BUILD_DIR ?? 'build', 'reports'),
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: port('DEV_PORT', 5173),
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${port('PORT', 3000)}` } },
  },
  build: {
    // Hashed asset names are cached for a year by CloudFront and the local server.
    assetsDir: 'assets',
    // One stylesheet for the whole site (about 9 KB gzip): a single render-blocking request,
    // cached across pages, instead of four or five per page.
    cssCodeSplit: false,
  },
});
