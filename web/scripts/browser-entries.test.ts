import { describe, expect, it } from 'vitest';
import { withSiteScript } from './browser-entries.ts';

const page =
  '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><p>x</p></body></html>';

describe('withSiteScript', () => {
  it('adds the site script as a module at the end of the head', () => {
    const out = withSiteScript(page, '/assets/site-abc.js');
    expect(out).toContain(
      '<title>t</title><script type="module" src="/assets/site-abc.js"></script></head>',
    );
  });

  it('fails on a page that has it already, as a rewrite run twice would', () => {
    const once = withSiteScript(page, '/assets/site-abc.js');
    expect(() => withSiteScript(once, '/assets/site-abc.js', 'x.html')).toThrow(
      'x.html: the site script is there already',
    );
  });
});
