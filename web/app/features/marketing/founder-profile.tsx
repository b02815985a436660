import { marketingLabels } from '../../content/card-detail.ts';
import type { CompanyPageCopy } from '../../content/marketing-types.ts';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
    .slice(0, 2)
    .join('');
}

/** The founder and CEO's profile; the name comes from site configuration, never from copy. */
export function FounderProfile({
  name,
  founder,
  headingId,
}: {
  name: string;
  founder: CompanyPageCopy['leadership']['founder'];
  headingId: string;
}) {
  return (
    <article className="founder" aria-labelledby={headingId}>
      <div className="founder__avatar" aria-hidden="true">
        {initials(name)}
      </div>
      <div className="founder__body">
        <h3 id={headingId} className="founder__name">
          {name}
        </h3>
        <p className="founder__role">{founder.role}</p>
        <p className="founder__bio">{founder.bio}</p>
        <h4 className="founder__focus-heading">{marketingLabels.founderFocus}</h4>
        <ul className="founder__focus">
          {founder.focusAreas.map((area) => (
            <li key={area}>{area}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
