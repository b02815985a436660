import type { SVGProps } from 'react';
import type { LeadIconName } from '../../content/lead-page-types.ts';

/** A circle as path data, so every icon is a list of paths. */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

/**
 * The lead pages' icon names (LEAD_ICON_NAMES) as 24 x 24 stroke drawings. The Record type
 * makes a new name in the copy fail the type check until it has a drawing here.
 */
export const LEAD_ICON_PATHS: Readonly<Record<LeadIconName, readonly string[]>> = {
  users: [
    circle(9, 8, 3.5),
    'M2.5 20c.6-3.6 3.3-6 6.5-6s5.9 2.4 6.5 6',
    'M15.5 4.7a3.5 3.5 0 010 6.6M18 14.5c2 .8 3.3 2.8 3.6 5.5',
  ],
  clock: [circle(12, 12, 9), 'M12 7v5l3 2'],
  cloud: ['M7 19a4.5 4.5 0 01-.6-9 6 6 0 0111.4 1.6A3.8 3.8 0 0117.5 19z'],
  shield: ['M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z', 'M8.8 12.2l2.2 2.2 4.2-4.4'],
  graph: [
    circle(5, 6, 2.5),
    circle(19, 6, 2.5),
    circle(12, 18.5, 2.5),
    'M7.5 6h9M6.3 8.2l4.4 8M17.7 8.2l-4.4 8',
  ],
  key: [circle(7.5, 15.5, 4), 'M10.5 12.5L20 3M16.5 6.5l3 3M14 9l2 2'],
  bug: [
    'M8 11a4 4 0 018 0v3a4 4 0 01-8 0z',
    'M9.5 7.5a2.5 2.5 0 015 0',
    'M12 11v7M4 13h4M16 13h4M5 7.5l3 2M19 7.5l-3 2M5 19l3-2M19 19l-3-2',
  ],
  zap: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  rocket: [
    'M9 15l-3-3c1.5-4.5 5.5-9 14-9 0 8.5-4.5 12.5-9 14z',
    'M6 12H3l2.5-4H10',
    'M12 18v3l4-2.5V14',
    circle(15, 9, 1.5),
  ],
  compass: [circle(12, 12, 9), 'M15.5 8.5l-2 5-5 2 2-5z'],
  message: ['M4 5h16v11H9l-5 4z', 'M8 9.5h8M8 12.5h5'],
  lock: [
    'M6 11h12a1 1 0 011 1v8a1 1 0 01-1 1H6a1 1 0 01-1-1v-8a1 1 0 011-1z',
    'M8 11V7a4 4 0 018 0v4',
  ],
  calendar: ['M4 6h16v14H4z', 'M4 10h16M8 3v4M16 3v4'],
  check: [circle(12, 12, 9), 'M8 12.5l2.8 2.8L16.5 9.5'],
  briefcase: ['M3 8h18v12H3z', 'M8 8V5h8v3', 'M3 13h18'],
  handshake: [
    'M2 9l3.5-3 4 1.5',
    'M22 9l-3.5-3-4.5 1.5-4.5 3.5a1.6 1.6 0 002.2 2.3l2.3-1.8 4.8 4.5',
    'M5.5 6v7.5l5 4.5a1.5 1.5 0 002-2.2',
    'M9 15.8l2.5 2.3a1.5 1.5 0 002-2.2',
  ],
  puzzle: ['M4 8h4a2 2 0 114 0h4v4a2 2 0 110 4v4H4z'],
  presentation: ['M3 4h18M4 4v11h16V4', 'M12 15v3M8 21l4-3 4 3', 'M8 11l3-3 2 2 3-3'],
  terminal: ['M3 5h18v14H3z', 'M7 10l3 2-3 2M12 15h5'],
  layers: ['M12 3l9 5-9 5-9-5z', 'M3 12.5l9 5 9-5', 'M3 16.5l9 5 9-5'],
  star: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
  'chevron-down': ['M6 9l6 6 6-6'],
  target: [circle(12, 12, 9), circle(12, 12, 5), circle(12, 12, 1)],
};

type LeadIconProps = SVGProps<SVGSVGElement> & { name: LeadIconName; size?: number };

/** Always decorative: the text beside an icon names what it stands for. */
export function LeadIcon({ name, size = 24, ...rest }: LeadIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {LEAD_ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
