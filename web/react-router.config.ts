import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './app/prerender-paths.ts';

/*
 * A static site: no server renders at request time. Every route, including each category and
 * article page and the 404 page, is rendered to its own index.html at build time and hydrated
 * by React in the browser (docs/decisions/002-react-router-prerendered-static-site.md).
 */
export default {
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
