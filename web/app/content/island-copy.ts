/** What an island says when its code could not be loaded (app/browser/island-failure.ts). */
export const islandCopy = {
  failed:
    'This part of the page could not load. Check your connection, then reload the page to try again.',
} as const;
