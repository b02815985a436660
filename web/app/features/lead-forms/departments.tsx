import { Icon } from '../../components/ui/icon.tsx';
import { contactPageCopy } from '../../content/contact-page.ts';
import { SITE } from '../../site-config.ts';

/** A mailto: link whose subject and body arrive prefilled in the visitor's mail client. */
export function mailtoHref(address: string, subject: string, body: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function Departments() {
  const copy = contactPageCopy.departments;
  return (
    <aside className="departments" aria-labelledby="departments-title">
      <h2 id="departments-title">{copy.heading}</h2>
      <p>{copy.intro}</p>
      <ul className="departments__list">
        {copy.items.map((dept) => (
          <li key={dept.id}>
            <a
              className="departments__link card"
              href={mailtoHref(SITE.departments[dept.id], dept.mailSubject, dept.mailBody)}
            >
              <Icon name="mail" size={22} />
              <span>
                <strong className="departments__name">{dept.name}</strong>
                <span className="departments__description">{dept.description}</span>
                <span className="departments__address">{SITE.departments[dept.id]}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <p className="departments__promise">{copy.promise}</p>
    </aside>
  );
}
