import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Hashed asset names are cached for a year by CloudFront and the local server.
    assetsDir: 'assets',
  },
});
