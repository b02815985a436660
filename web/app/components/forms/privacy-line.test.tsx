import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { leadFormCommon, privacyLineCopy } from '../../content/lead-form-copy.ts';
import { PrivacyLine } from './privacy-line.tsx';

describe('PrivacyLine', () => {
  it('links the privacy notice in a new tab and says so in the link text', () => {
    render(<PrivacyLine id="x-privacy" copy={privacyLineCopy} />);
    const link = screen.getByRole('link', {
      name: `${leadFormCommon.privacy.link} ${leadFormCommon.newTab}`,
    });
    expect(link.getAttribute('href')).toBe('/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.closest('p')?.id).toBe('x-privacy');
    expect(link.closest('p')?.textContent).toContain(leadFormCommon.privacy.text);
  });

  it('takes a form’s own lead-in words', () => {
    render(
      <PrivacyLine
        copy={privacyLineCopy}
        text="We use these details only to send your link, as explained in our"
      />,
    );
    expect(screen.getByText(/only to send your link/).textContent).toMatch(
      /as explained in our Privacy Policy \(opens in a new tab\)\.$/,
    );
  });
});
