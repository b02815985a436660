import {
  type NotFoundView,
  notFoundTitle,
  notFoundViewFor,
  SLOT_PATTERN,
  type SlotName,
  slotValues,
  templateKey,
} from '../features/articles/not-found-view.ts';

/**
 * Writes the values into the slots of a screen (features/articles/not-found-view.ts), as
 * text only: a slot's value comes from the address, which anyone can write, so it never
 * becomes markup. Slots in attributes (a known category's link) are set as attribute values.
 */
export function fillSlots(
  root: DocumentFragment | Element,
  values: Partial<Record<SlotName, string>>,
): void {
  const fill = (text: string) =>
    text.replace(SLOT_PATTERN, (_slot, name: string) => values[name as SlotName] ?? '');
  const walker = (root.ownerDocument ?? document).createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    if (text.includes('[[nf:')) node.nodeValue = fill(text);
  }
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      if (value.includes('[[nf:')) element.setAttribute(name, fill(value));
    }
  }
}

/**
 * The 404 page, built as the site's not-found page with every other screen it can show in a
 * template (routes/not-found.tsx), shows the one its address calls for: under the security
 * intelligence section, the section's not-found screen or an article error screen, with its
 * title. It replaces the page's own screen, so the page keeps one main heading. Its Retry
 * button reloads the page.
 */
export function showNotFoundScreen(
  document: Document,
  pathname: string,
  reload = () => document.location.reload(),
): void {
  const screens = document.querySelector<HTMLElement>('[data-not-found-under]');
  if (!screens) return;
  const found = notFoundViewFor(pathname);
  if (found.kind === 'page') return;
  const templates = [...screens.querySelectorAll<HTMLTemplateElement>('template[data-screen]')];
  const templateOf = (view: NotFoundView) =>
    templates.find((candidate) => candidate.dataset.screen === templateKey(view));
  // A shape the build has no template for (none, a test checks) shows the section's screen.
  const view: NotFoundView = templateOf(found) ? found : { kind: 'intelligence' };
  const template = templateOf(view);
  const shown = screens.querySelector(':scope > :not(template)');
  if (!template || !shown) return;
  const screen = template.content.cloneNode(true) as DocumentFragment;
  if (view.kind === 'article') fillSlots(screen, slotValues(view.screen));
  for (const retry of screen.querySelectorAll('[data-reload]')) {
    retry.addEventListener('click', reload);
  }
  shown.replaceWith(screen);
  document.title = notFoundTitle(view, document.title);
  screens.dataset.shown = templateKey(view);
}
