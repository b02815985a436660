/**
 * The text a reader sees in an article body, block by block: what must not change when the
 * articles move from TypeScript blocks to Markdown. Markup that only decorates (highlighting
 * spans, heading links, the "opens in a new tab" hint) is left out; code keeps its lines.
 * Needs a DOM (vitest's jsdom environment).
 */
export function renderedBlocks(html: string): string[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  for (const hint of root.querySelectorAll('.visually-hidden')) hint.remove();
  const blocks = root.querySelectorAll('h2, h3, p, li, figcaption, pre, aside');
  return [...blocks].map((block) => {
    const tag = block.tagName.toLowerCase();
    const kind = tag === 'aside' ? `${tag}.${block.className}` : tag;
    // A callout's title and text are separate paragraphs, whatever whitespace lies between.
    const text =
      tag === 'aside'
        ? [...block.children].map((child) => child.textContent ?? '').join(' ')
        : (block.textContent ?? '');
    return `${kind}: ${tag === 'pre' ? text.replace(/\n+$/, '') : text.replace(/\s+/g, ' ').trim()}`;
  });
}
