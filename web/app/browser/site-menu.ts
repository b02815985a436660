/**
 * The phone menu is a popover the browser opens and closes by itself (features/layout/
 * site-header.tsx). This keeps the button's state and name in step for assistive technology
 * and for the tests: "Open menu", not expanded; "Close menu", expanded.
 */
export function enhanceSiteMenu(document: Document): void {
  // Without popovers (Safari before 17, Firefox before 125) the menu is a plain list (CSS).
  if (!('popover' in HTMLElement.prototype)) return;
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[popovertarget]')) {
    const menu = document.getElementById(button.getAttribute('popovertarget') ?? '');
    const open = button.dataset.labelOpen;
    const close = button.dataset.labelClose;
    if (!menu || !open || !close) continue;
    const update = () => {
      const expanded = menu.matches(':popover-open');
      button.setAttribute('aria-expanded', String(expanded));
      button.setAttribute('aria-label', expanded ? close : open);
    };
    menu.addEventListener('toggle', update);
    update();
  }
}
