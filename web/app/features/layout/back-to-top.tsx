import { Icon } from '../../components/ui/icon.tsx';
import { footerCopy } from '../../content/site-navigation.ts';

/** The class the site script (app/browser/back-to-top.ts) finds the button by. */
export const BACK_TO_TOP_CLASS = 'back-to-top';

/**
 * Hidden in the page as built: the site script shows it once the visitor has scrolled past
 * the threshold and makes it scroll back up. Without scripts it never appears, and the
 * keyboard's Home key or the browser's own gestures do the same.
 */
export function BackToTop() {
  return (
    <button type="button" className={BACK_TO_TOP_CLASS} aria-label={footerCopy.backToTop} hidden>
      <Icon name="arrow-up" size={22} />
    </button>
  );
}
