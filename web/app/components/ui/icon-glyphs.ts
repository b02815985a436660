/**
 * The interface glyphs of the site's icon set (controls, states, social links): 24 x 24
 * stroke paths drawn for a 2 px line at 20 px. The pictograms beside copy live in
 * icon-pictograms.ts, a module of their own, so a page that draws only glyphs (every page's
 * header and footer do) does not load the pictograms. No name is used in both files.
 */

export const GLYPHS = {
  menu: ['M4 6h16M4 12h16M4 18h16'],
  close: ['M6 6l12 12M18 6L6 18'],
  'arrow-up': ['M12 19V5M5 12l7-7 7 7'],
  'arrow-right': ['M5 12h14M13 5l7 7-7 7'],
  'chevron-down': ['M6 9l6 6 6-6'],
  mail: ['M4 6h16v12H4zM4 7l8 6 8-6'],
  check: ['M5 12.5l4.5 4.5L19 7'],
  alert: [
    'M12 8v5M12 16.5v.5M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  ],
  linkedin: [
    'M4 9h4v11H4zM6 4a2 2 0 110 4 2 2 0 010-4zM10 9h4v1.6c.6-1 1.9-1.9 3.7-1.9 3 0 3.3 2 3.3 4.6V20h-4v-5.6c0-1.3 0-2.8-1.8-2.8S13 13 13 14.3V20h-3z',
  ],
  x: ['M4 4l16 16M20 4L4 20'],
  github: [
    'M9 19c-4 1.3-4-2-6-2.5M15 21v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 00-1.3-3.2 4.3 4.3 0 00-.1-3.2s-1.1-.3-3.5 1.3a12 12 0 00-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.3 4.3 0 00-.1 3.2A4.6 4.6 0 004 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21',
  ],
  youtube: ['M3 8a3 3 0 013-3h12a3 3 0 013 3v8a3 3 0 01-3 3H6a3 3 0 01-3-3zM10 9l5 3-5 3z'],
  shield: ['M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z'],
} as const satisfies Record<string, readonly string[]>;

export type GlyphName = keyof typeof GLYPHS;
