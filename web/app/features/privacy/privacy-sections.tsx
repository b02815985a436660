import type {
  PrivacyBlock,
  PrivacyFormEntry,
  PrivacySection,
} from '../../content/privacy-types.ts';
import { RichText } from './rich-text.tsx';

function FormEntry({ entry, fieldsLabel }: { entry: PrivacyFormEntry; fieldsLabel: string }) {
  const headingId = `privacy-form-${entry.form}`;
  return (
    <article className="card privacy-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{entry.name}</h3>
      <p className="privacy-form__page">
        <a href={entry.page.to}>{entry.page.label}</a>
      </p>
      <p>{entry.purpose}</p>
      <h4 className="privacy-form__fields-label">{fieldsLabel}</h4>
      <ul className="privacy-form__fields">
        {Object.entries(entry.fields).map(([field, note]) => (
          <li key={field}>{note}</li>
        ))}
      </ul>
    </article>
  );
}

function Block({ block }: { block: PrivacyBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul className="privacy-list">
          {block.items.map((item) => (
            <li key={typeof item === 'string' ? item : JSON.stringify(item)}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      );
    case 'forms':
      return (
        <div className="privacy-forms">
          {block.forms.map((entry) => (
            <FormEntry key={entry.form} entry={entry} fieldsLabel={block.fieldsLabel} />
          ))}
        </div>
      );
  }
}

/** One section of the notice: an h2 the contents list links to, then its blocks. */
export function PrivacySectionView({ section }: { section: PrivacySection }) {
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} className="privacy-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.heading}</h2>
      {section.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a section's blocks never reorder.
        <Block key={index} block={block} />
      ))}
    </section>
  );
}

/** The notice's table of contents: in-page links to every section. */
export function PrivacyContents({
  label,
  sections,
}: {
  label: string;
  sections: readonly PrivacySection[];
}) {
  return (
    <nav className="privacy-contents" aria-labelledby="privacy-contents-heading">
      <h2 id="privacy-contents-heading" className="privacy-contents__heading">
        {label}
      </h2>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.heading}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
