import './privacy-line.css';

/** The words of the privacy line and where its link goes. */
export interface PrivacyLineCopy {
  /** The lead-in, e.g. "How we use and keep what you send is explained in our". */
  readonly text: string;
  readonly link: string;
  readonly href: string;
  /** Said inside the link: "(opens in a new tab)". */
  readonly newTab: string;
}

/**
 * The line every lead form shows before it is sent, linking the privacy notice. The link opens
 * a new tab, and says so in its visible text: a visitor halfway through a form keeps what they
 * typed (the contact form and the download dialog keep no draft, and leaving the page would
 * close the dialog), and nobody is surprised by the new tab.
 */
export function PrivacyLine({
  id,
  copy,
  text = copy.text,
}: {
  id?: string;
  copy: PrivacyLineCopy;
  /** A form's own lead-in words. */
  text?: string;
}) {
  return (
    <p className="lead-privacy" id={id}>
      {text}{' '}
      <a href={copy.href} target="_blank" rel="noopener noreferrer">
        {copy.link} <span className="lead-privacy__new-tab">{copy.newTab}</span>
      </a>
      .
    </p>
  );
}
