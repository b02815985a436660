import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { headerCopy } from '../../content/site-navigation.ts';
import { PATHS } from '../../paths.ts';
import { Logo } from './logo.tsx';

/** The menu's id, which its button names (popovertarget) and the site script follows. */
const SITE_NAV_ID = 'site-nav';

/** A section's link is current on its page and on every page below it, home only on itself. */
export function isCurrentSection(pathname: string, to: string): boolean {
  if (to === PATHS.home) return pathname === PATHS.home;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The bar and the main navigation, with no framework in the browser. On a phone the
 * navigation is a popover the menu button opens: the browser itself opens and closes it,
 * closes it on Escape or a tap outside, and puts it in the top layer; the site script only
 * keeps the button's label and state in step (site-menu.ts); the built HTML carries no
 * aria-expanded, which the browser reports by itself for a popover's button. From a tablet
 * up, CSS shows the same list in the bar, as it does on a phone whose browser has no popovers. Its links load the next page as a document (no client-side routing),
 * which starts with the menu shut.
 */
export function SiteHeader() {
  // The page's own path, as it is prerendered.
  const { pathname } = useLocation();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {headerCopy.skipLink}
      </a>
      <div className="container site-header__bar">
        <a href={PATHS.home} className="site-header__logo" aria-label={headerCopy.homeLabel}>
          <Logo />
        </a>
        <button
          type="button"
          className="site-header__toggle"
          popoverTarget={SITE_NAV_ID}
          aria-controls={SITE_NAV_ID}
          aria-label={headerCopy.menuOpenLabel}
          data-label-open={headerCopy.menuOpenLabel}
          data-label-close={headerCopy.menuCloseLabel}
        >
          <Icon name="menu" size={24} className="site-header__icon-menu" />
          <Icon name="close" size={24} className="site-header__icon-close" />
        </button>
        <nav id={SITE_NAV_ID} aria-label={headerCopy.navLabel} className="site-nav" popover="auto">
          <ul className="site-nav__list">
            {headerCopy.links.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  className="site-nav__link"
                  aria-current={isCurrentSection(pathname, link.to) ? 'page' : undefined}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <ButtonLink to={headerCopy.cta.to} size="md" className="site-nav__cta">
            {headerCopy.cta.label}
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
