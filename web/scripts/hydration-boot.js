/*
 * Starts the site's JavaScript once the prerendered page has painted, so scripts never compete
 * with the first paint (docs/decisions/025-content-first-hydration.md). The build turns every
 * script of the page into an inert placeholder (`type="text/x-deferred"`); this swaps each for a
 * live copy in the same place, in document order, so React hydrates the DOM it rendered.
 */
(() => {
  const boot = document.currentScript;
  const modules = (boot?.dataset.modules ?? '').split(' ').filter(Boolean);

  function start() {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    for (const inert of document.querySelectorAll('script[type="text/x-deferred"]')) {
      const live = document.createElement('script');
      if (inert.id) live.id = inert.id;
      if (inert.hasAttribute('data-module')) live.type = 'module';
      // Dynamically added scripts run in insertion order only when async is false.
      live.async = false;
      live.src = inert.dataset.src;
      inert.replaceWith(live);
    }
  }

  // The frame after the first paint: requestAnimationFrame runs just before a paint.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  } else {
    afterPaint();
  }
})();
