// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GLYPHS } from '../components/ui/icon-glyphs.ts';
import { PICTOGRAMS } from '../components/ui/icon-pictograms.ts';
import { becomePartnerPageCopy } from './become-partner-page.ts';
import { capabilities } from './capabilities.ts';
import { companyPageCopy } from './company-page.ts';
import { DEMO_MODULE_ICONS, DEMO_OPTIONS } from './demo-page.ts';
import { featureCards } from './feature-cards.ts';
import { featuresPageCopy } from './features-page.ts';
import { homePageCopy } from './home-page.ts';
import { modules } from './modules.ts';
import { problemThemes } from './problem-themes.ts';
import { requestAccessPageCopy } from './request-access-page.ts';
import { footerCopy } from './site-navigation.ts';

/** The whole set, as the pages see it: every glyph and every pictogram by name. */
const ICON_PATHS: Readonly<Record<string, readonly string[]>> = { ...GLYPHS, ...PICTOGRAMS };

describe('icon names in the copy', () => {
  it('covers every icon the pages use', () => {
    const used = [
      ...modules,
      ...problemThemes,
      ...capabilities,
      ...featureCards,
      ...homePageCopy.pillars,
      ...featuresPageCopy.builtForScale.items,
      ...companyPageCopy.values.items,
      ...DEMO_OPTIONS,
      ...footerCopy.social,
      ...becomePartnerPageCopy.programs.items,
      ...requestAccessPageCopy.features.items,
    ].map((item) => item.icon);
    used.push(...Object.values(DEMO_MODULE_ICONS));
    for (const name of used) expect(ICON_PATHS[name]).toBeDefined();
  });
});
