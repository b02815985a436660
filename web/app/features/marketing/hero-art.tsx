import { useId } from 'react';

const PARTICLE_COUNT = 18;

/**
 * The drifting particles and grid behind a hero. Pure decoration: hidden from assistive
 * technology, and by CSS on phones and for visitors who prefer reduced motion.
 */
export function HeroBackdrop() {
  return (
    <div className="hero-backdrop" aria-hidden="true">
      <div className="hero-backdrop__grid" />
      <div className="hero-backdrop__particles">
        {Array.from({ length: PARTICLE_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical dots.
          <span key={index} />
        ))}
      </div>
    </div>
  );
}

/** The Kryon mark at hero size; the visible word mark beside it names it. */
export function HeroMark({ name }: { name: string }) {
  const gradient = useId();
  return (
    <p className="hero-mark">
      <svg width="44" height="44" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" className="stop-primary" />
            <stop offset="1" className="stop-violet" />
          </linearGradient>
        </defs>
        <path
          d="M16 2l12 5v9c0 7-5.2 12.6-12 14-6.8-1.4-12-7-12-14V7z"
          fill={`url(#${gradient})`}
        />
        <path
          d="M12 10v12M12 16l7-6M12 16l7 6"
          className="hero-mark__glyph"
          strokeWidth="2.6"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      <span className="hero-mark__word">{name}</span>
    </p>
  );
}

/* Nodes of the decorative graph; the highlighted ones form the attack path. */
const NODES = [
  { x: 40, y: 170, path: true },
  { x: 130, y: 90, path: true },
  { x: 140, y: 250, path: false },
  { x: 240, y: 160, path: true },
  { x: 250, y: 40, path: false },
  { x: 260, y: 290, path: false },
  { x: 350, y: 90, path: true },
  { x: 360, y: 230, path: false },
  { x: 450, y: 160, path: true },
] as const;
const EDGES: readonly (readonly [number, number])[] = [
  [0, 2],
  [1, 4],
  [2, 3],
  [2, 5],
  [3, 5],
  [3, 7],
  [4, 6],
  [5, 7],
  [6, 8],
  [7, 8],
];
const PATH_EDGES: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 3],
  [3, 6],
  [6, 8],
];

function pathData(edges: readonly (readonly [number, number])[]): string {
  return edges
    .map(([from, to]) => `M${NODES[from]?.x} ${NODES[from]?.y}L${NODES[to]?.x} ${NODES[to]?.y}`)
    .join('');
}

/** A stylised attack path through a cloud graph, shown beside the home hero on wide screens. */
export function AttackGraphArt() {
  const gradient = useId();
  return (
    <div className="graph-art" aria-hidden="true">
      <svg viewBox="0 0 490 330" width="490" height="330" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" className="stop-primary" />
            <stop offset="0.55" className="stop-indigo" />
            <stop offset="1" className="stop-rose" />
          </linearGradient>
        </defs>
        <path className="graph-art__edges" d={pathData(EDGES)} />
        <path className="graph-art__path" d={pathData(PATH_EDGES)} stroke={`url(#${gradient})`} />
        <path className="graph-art__pulse" d={pathData(PATH_EDGES)} />
        {NODES.map((node, index) => (
          <g
            key={`${node.x}-${node.y}`}
            className={node.path ? 'graph-art__node graph-art__node--path' : 'graph-art__node'}
            transform={`translate(${node.x} ${node.y})`}
          >
            <circle className="graph-art__ring" r={index === NODES.length - 1 ? 16 : 11} />
            <circle className="graph-art__core" r={index === NODES.length - 1 ? 6 : 4} />
          </g>
        ))}
      </svg>
    </div>
  );
}
