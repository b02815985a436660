// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TONE_NAMES, toneClass, toneClassName } from './tone.ts';

const toneCss = readFileSync(new URL('./tone.css', import.meta.url), 'utf8');
const tokensCss = readFileSync(new URL('../../styles/tokens.css', import.meta.url), 'utf8');

/** The declarations of the rule whose selector list names `.selector`. */
function rule(selector: string): string | undefined {
  const match = toneCss.match(new RegExp(`\\.${selector}(?:,[^{]*)? \\{([^}]*)\\}`));
  return match?.[1];
}

describe('tones', () => {
  it('maps every content colour to a design token for the colour and both gradient ends', () => {
    for (const token of TONE_NAMES) {
      expect(tokensCss).toContain(`--color-${token}:`);
      expect(rule(`tone-${token}`)).toContain(`--tone: var(--color-${token})`);
      expect(rule(`tone-from-${token}`)).toContain(`--tone-from: var(--color-${token})`);
      expect(rule(`tone-to-${token}`)).toContain(`--tone-to: var(--color-${token})`);
    }
  });

  it('names one tone by its class', () => {
    expect(toneClass('teal')).toBe('tone-teal');
  });

  it('turns a colour scheme into its three classes', () => {
    expect(toneClassName({ colour: 'rose', gradientFrom: 'amber', gradientTo: 'violet' })).toBe(
      'tone-rose tone-from-amber tone-to-violet',
    );
  });
});
