import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Hashed asset names are cached for a year by CloudFront and the local server.
    assetsDir: 'assets',
    // One stylesheet for the whole site (about 9 KB gzip): a single render-blocking request,
    // cached across pages, instead of four or five per page.
    cssCodeSplit: false,
  },
});
