import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Article, ArticleCategoryInfo } from '../../app/content/library-types.ts';
import { renderShareImage, shareImageTheme } from './render-share-image.tsx';
import { articleShareJob, categoryShareJob, type ShareImageJob } from './share-cards.ts';

export interface BuiltShareImage {
  /** The URL path the page's meta points to. */
  path: string;
  file: string;
  bytes: number;
}

export interface BuildShareImagesOptions {
  articles: readonly Article[];
  categories: readonly ArticleCategoryInfo[];
  /** The site origin; its host name is printed on each image. */
  siteOrigin: string;
  /** The build's public files (build/client): each image is served from its URL path there. */
  clientDir: string;
}

/** Every article's and every category's share image, written where its meta points. */
export async function buildShareImages(
  options: BuildShareImagesOptions,
): Promise<BuiltShareImage[]> {
  const tokensCss = await readFile(new URL('../../app/styles/tokens.css', import.meta.url), 'utf8');
  const render = {
    theme: shareImageTheme(tokensCss),
    siteHost: new URL(options.siteOrigin).host,
  };
  const jobs: ShareImageJob[] = [
    ...options.articles.map(articleShareJob),
    ...options.categories.map(categoryShareJob),
  ];
  const paths = new Set(jobs.map((job) => job.path));
  if (paths.size !== jobs.length) throw new Error('two pages would share one share image path');
  return Promise.all(
    jobs.map(async (job) => {
      const png = await renderShareImage(job.card, render);
      const file = join(options.clientDir, ...job.path.split('/'));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, png);
      return { path: job.path, file, bytes: png.length };
    }),
  );
}
