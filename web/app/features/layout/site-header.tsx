import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { headerCopy } from '../../content/site-navigation.ts';
import { PATHS } from '../../paths.ts';
import { Logo } from './logo.tsx';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // Any navigation (a link here, Back, a link elsewhere on the page) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {headerCopy.skipLink}
      </a>
      <div className="container site-header__bar">
        <Link to={PATHS.home} className="site-header__logo" aria-label={headerCopy.homeLabel}>
          <Logo />
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? headerCopy.menuCloseLabel : headerCopy.menuOpenLabel}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
        </button>
        <nav
          id={menuId}
          aria-label={headerCopy.navLabel}
          className={['site-nav', menuOpen ? 'site-nav--open' : ''].filter(Boolean).join(' ')}
        >
          <ul className="site-nav__list">
            {headerCopy.links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === PATHS.home}
                  className="site-nav__link"
                  onClick={close}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ButtonLink to={headerCopy.cta.to} size="md" className="site-nav__cta" onClick={close}>
            {headerCopy.cta.label}
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
