import { betaAccessDefinition } from '@kryon/shared/forms/beta-access';
import { demoDefinition } from '@kryon/shared/forms/demo';
import { fieldNames } from '@kryon/shared/forms/lead-form';
import { describe, expect, it } from 'vitest';
import { BETA_SECTION_FIELDS } from './beta-form.tsx';
import { DEMO_SECTIONS } from './demo-form.tsx';

// The sectioned forms place each field of their definition by name: a field added to the
// definition but to no section would never be drawn, so this fails instead.
describe('the sectioned forms', () => {
  it('place every field of the demo definition in a section, once, in its order', () => {
    expect(DEMO_SECTIONS.flatMap((section) => section.fields)).toEqual(fieldNames(demoDefinition));
  });

  it('place every field of the beta definition in a section, once', () => {
    expect([...BETA_SECTION_FIELDS].sort()).toEqual(fieldNames(betaAccessDefinition).sort());
  });
});
