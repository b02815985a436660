import { ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { footerCopy, headerCopy } from '../../content/site-navigation.ts';
import { PATHS } from '../../paths.ts';
import { Logo } from './logo.tsx';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <a href={PATHS.home} aria-label={headerCopy.homeLabel}>
            <Logo />
          </a>
          <p>{footerCopy.tagline}</p>
          <ButtonLink to={footerCopy.contactButton.to} variant="outline">
            {footerCopy.contactButton.label}
          </ButtonLink>
        </div>
        {footerCopy.columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className="site-footer__column">
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.to}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__copyright">{footerCopy.copyright}</p>
        <ul className="site-footer__legal">
          {footerCopy.legal.map((link) => (
            <li key={link.label}>
              <a href={link.to}>{link.label}</a>
            </li>
          ))}
        </ul>
        <ul className="site-footer__social" aria-label={footerCopy.socialLabel}>
          {footerCopy.social.map((item) => (
            <li key={item.icon}>
              <a
                href={item.href}
                className="site-footer__social-link"
                aria-label={item.label}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon name={item.icon} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
