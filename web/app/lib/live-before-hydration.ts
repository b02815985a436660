/**
 * Controls of an island that hydrates at the visitor's first touch (a form, a list) are built
 * disabled: without scripts they would do nothing, so nothing should look as if it could. The
 * island loader (app/browser/touch-islands.ts) enables the ones marked here as soon as it
 * runs, so the visitor can tab in, type and press at once; their first touch starts React,
 * what they typed meanwhile is kept (React Hook Form reads a field edited before the form was
 * ready from the page; a list's controlled fields adopt it with useEarlyValue) and their
 * press is answered once React has taken over.
 */
export const LIVE_BEFORE_HYDRATION = 'data-live-early';

/**
 * The props that mark a control as live before hydration while React has not taken it over.
 * The loader changes its `disabled` in the page, not in React's markup, which the hydration
 * check would otherwise report as a mismatch.
 */
export function liveBeforeHydration(hydrated: boolean): {
  [LIVE_BEFORE_HYDRATION]?: '';
  suppressHydrationWarning: true;
} {
  return hydrated
    ? { suppressHydrationWarning: true }
    : { [LIVE_BEFORE_HYDRATION]: '', suppressHydrationWarning: true };
}
