/**
 * The pictograms of the site's icon set: the drawings beside marketing and lead copy, 24 x 24
 * stroke paths drawn for a 1.8 px line at 24 px. Copy names them (PictogramName) and never
 * carries markup. The interface glyphs are in icon-glyphs.ts; no name is used in both files.
 *
 * Near-twins are kept apart on purpose (lock and lock-keyhole, puzzle and puzzle-small,
 * handshake and handshake-simple): each page keeps the drawing it was designed with.
 */

/** A circle as path data, so every icon is a list of paths. */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

export const PICTOGRAMS = {
  'shield-check': [
    'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z',
    'M8.8 12.2l2.2 2.2 4.2-4.4',
  ],
  'circle-check': [circle(12, 12, 9), 'M8 12.5l2.8 2.8L16.5 9.5'],
  graph: [
    circle(5, 6, 2.5),
    circle(19, 6, 2.5),
    circle(12, 18.5, 2.5),
    'M7.5 6h9M6.3 8.2l4.4 8M17.7 8.2l-4.4 8',
  ],
  bug: [
    'M8 11a4 4 0 018 0v3a4 4 0 01-8 0z',
    'M9.5 7.5a2.5 2.5 0 015 0',
    'M12 11v7M4 13h4M16 13h4M5 7.5l3 2M19 7.5l-3 2M5 19l3-2M19 19l-3-2',
  ],
  key: [circle(7.5, 15.5, 4), 'M10.5 12.5L20 3M16.5 6.5l3 3M14 9l2 2'],
  radar: [circle(12, 12, 9), 'M12 7a5 5 0 105 5', 'M12 12l6.4-6.4', circle(12, 12, 1)],
  'bell-off': [
    'M10.3 21a2 2 0 003.4 0',
    'M8.6 3.7A6 6 0 0118 8c0 2.3.3 4.1.8 5.4',
    'M6.3 6.6C6.1 7 6 7.5 6 8c0 7-3 9-3 9h14',
    'M3 3l18 18',
  ],
  route: [
    circle(6, 19, 2.5),
    circle(18, 5, 2.5),
    'M8.5 19H17a3.5 3.5 0 000-7H7a3.5 3.5 0 010-7h8.5',
  ],
  puzzle: ['M4 6.5h4a2.5 2.5 0 115 0h4v4a2.5 2.5 0 110 5v4H4z'],
  'puzzle-small': ['M4 8h4a2 2 0 114 0h4v4a2 2 0 110 4v4H4z'],
  zap: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  brain: [
    'M12 5a3 3 0 00-5.8 1A3 3 0 004 11a3 3 0 001 5 3 3 0 004 3 3 3 0 003-1z',
    'M12 5a3 3 0 015.8 1A3 3 0 0120 11a3 3 0 01-1 5 3 3 0 01-4 3 3 3 0 01-3-1z',
    'M12 5v13M8.5 10.5a2 2 0 012 2M15.5 10.5a2 2 0 00-2 2',
  ],
  network: [
    circle(12, 5, 2.5),
    circle(5, 19, 2.5),
    circle(19, 19, 2.5),
    'M12 7.5V12M12 12l-5.2 5.2M12 12l5.2 5.2M7.5 19h9',
  ],
  timer: [circle(12, 13.5, 7.5), 'M12 9.5v4l2.5 2.5', 'M9.5 2.5h5M19 5.5l-1.5 1.5'],
  filter: ['M3 4h18l-7 8.5V19l-4 2v-8.5z'],
  rocket: [
    'M9 15l-3-3c1.5-4.5 5.5-9 14-9 0 8.5-4.5 12.5-9 14z',
    'M6 12H3l2.5-4H10',
    'M12 18v3l4-2.5V14',
    circle(15, 9, 1.5),
  ],
  eye: ['M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', circle(12, 12, 3)],
  target: [circle(12, 12, 9), circle(12, 12, 5), circle(12, 12, 1)],
  'badge-check': [
    'M12 2.5l2.4 1.8 3 .1.9 2.8 2.4 1.8-.9 2.8.9 2.8-2.4 1.8-.9 2.8-3 .1L12 21.5l-2.4-1.8-3-.1-.9-2.8-2.4-1.8.9-2.8-.9-2.8 2.4-1.8.9-2.8 3-.1z',
    'M8.5 12l2.5 2.5 4.5-5',
  ],
  cloud: ['M7 19a4.5 4.5 0 01-.6-9 6 6 0 0111.4 1.6A3.8 3.8 0 0117.5 19z'],
  lock: [
    'M6 11h12a1 1 0 011 1v8a1 1 0 01-1 1H6a1 1 0 01-1-1v-8a1 1 0 011-1z',
    'M8 11V7a4 4 0 018 0v4',
  ],
  'lock-keyhole': [
    'M6 11h12a1 1 0 011 1v8a1 1 0 01-1 1H6a1 1 0 01-1-1v-8a1 1 0 011-1z',
    'M8 11V7a4 4 0 018 0v4',
    'M12 15v2',
  ],
  layers: ['M12 3l9 5-9 5-9-5z', 'M3 12.5l9 5 9-5', 'M3 16.5l9 5 9-5'],
  sparkles: [
    'M11 3l1.8 5.2L18 10l-5.2 1.8L11 17l-1.8-5.2L4 10l5.2-1.8z',
    'M18.5 14.5l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z',
  ],
  handshake: [
    'M2 7.5h3v8H2M22 7.5h-3v8h3',
    'M5 9l3.5-1.5 3 1',
    'M19 9l-3.5-1.5-5.2 4a1.5 1.5 0 002.1 2.1l2.1-1.6 4.5 3.5',
    'M5 14.5l3.5 3.5a1.4 1.4 0 002-2M10.5 18.5a1.4 1.4 0 002-2M13 18a1.4 1.4 0 002-2',
  ],
  'handshake-simple': [
    'M2 9l3.5-3 4 1.5',
    'M22 9l-3.5-3-4.5 1.5-4.5 3.5a1.6 1.6 0 002.2 2.3l2.3-1.8 4.8 4.5',
    'M5.5 6v7.5l5 4.5a1.5 1.5 0 002-2.2',
    'M9 15.8l2.5 2.3a1.5 1.5 0 002-2.2',
  ],
  award: [circle(12, 9, 6), 'M8.6 14L7 22l5-3 5 3-1.6-8'],
  users: [
    circle(9, 8, 3.5),
    'M2.5 20c.6-3.6 3.3-6 6.5-6s5.9 2.4 6.5 6',
    'M15.5 4.7a3.5 3.5 0 010 6.6M18 14.5c2 .8 3.3 2.8 3.6 5.5',
  ],
  clock: [circle(12, 12, 9), 'M12 7v5l3 2'],
  compass: [circle(12, 12, 9), 'M15.5 8.5l-2 5-5 2 2-5z'],
  message: ['M4 5h16v11H9l-5 4z', 'M8 9.5h8M8 12.5h5'],
  calendar: ['M4 6h16v14H4z', 'M4 10h16M8 3v4M16 3v4'],
  briefcase: ['M3 8h18v12H3z', 'M8 8V5h8v3', 'M3 13h18'],
  presentation: ['M3 4h18M4 4v11h16V4', 'M12 15v3M8 21l4-3 4 3', 'M8 11l3-3 2 2 3-3'],
  terminal: ['M3 5h18v14H3z', 'M7 10l3 2-3 2M12 15h5'],
  star: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
} as const satisfies Record<string, readonly string[]>;

export type PictogramName = keyof typeof PICTOGRAMS;
