import { Icon } from '../../components/ui/icon.tsx';
import { footerCopy } from '../../content/site-navigation.ts';

/**
 * Hidden in the page as built: the site script (app/browser/back-to-top.ts, which finds it
 * as `button.back-to-top`) shows it once the visitor has scrolled past
 * the threshold and makes it scroll back up. Without scripts it never appears, and the
 * keyboard's Home key or the browser's own gestures do the same.
 */
export function BackToTop() {
  return (
    <button type="button" className="back-to-top" aria-label={footerCopy.backToTop} hidden>
      <Icon name="arrow-up" size={22} />
    </button>
  );
}
