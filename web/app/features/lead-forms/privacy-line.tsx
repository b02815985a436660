import { leadFormCommon } from '../../content/lead-form-copy.ts';
import { PATHS } from '../../paths.ts';
import './privacy-line.css';

const copy = leadFormCommon;

/**
 * The line every lead form shows before it is sent, linking the privacy notice. The link opens
 * a new tab, and says so in its visible text: a visitor halfway through a form keeps what they
 * typed (the contact form and the download dialog keep no draft, and leaving the page would
 * close the dialog), and nobody is surprised by the new tab.
 */
export function PrivacyLine({ id, text = copy.privacy.text }: { id?: string; text?: string }) {
  return (
    <p className="lead-privacy" id={id}>
      {text}{' '}
      <a href={PATHS.privacy} target="_blank" rel="noopener noreferrer">
        {copy.privacy.link} <span className="lead-privacy__new-tab">{copy.newTab}</span>
      </a>
      .
    </p>
  );
}
