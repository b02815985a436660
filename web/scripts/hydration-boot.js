/*
 * Starts the site's JavaScript once the prerendered page has painted, so scripts never compete
 * with the first paint (docs/decisions/025-content-first-hydration.md). The build turns every
 * script of the page into an inert placeholder (`type="text/x-deferred"`); this swaps each for a
 * live copy in the same place, in document order, so React hydrates the DOM it rendered.
 */
(() => {
  const PAINT_WAIT_LIMIT_MS = 3000;
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

  // After the first contentful paint, as the browser reports it: a frame callback can run
  // before that frame reaches the screen. A page opened in a background tab does not paint,
  // so it starts at once; and since no browser promises to report a paint, a timer makes sure
  // the page always comes to life. Browsers without paint timing wait one frame.
  function afterFirstPaint(next) {
    let started = false;
    const once = () => {
      if (started) return;
      started = true;
      setTimeout(next, 0);
    };
    setTimeout(once, PAINT_WAIT_LIMIT_MS);
    if (document.visibilityState === 'hidden') {
      once();
    } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        once();
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(once);
    }
  }

  // A long page can paint before it is parsed; every placeholder must exist before starting.
  function afterParsing(next) {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', next, { once: true });
    } else {
      next();
    }
  }

  afterFirstPaint(() => afterParsing(start));
})();
