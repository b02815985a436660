import { BETA_CONSENT_LABEL } from '@kryon/shared/forms/beta-access';
import { DEMO_TYPES } from '@kryon/shared/options';
import { describe, expect, it } from 'vitest';
import { SITE } from '../site-config.ts';
import { becomePartnerPageCopy } from './become-partner-page.ts';
import { DEMO_OPTIONS, demoPageCopy } from './demo-page.ts';
import { demoModuleIds } from './modules.ts';
import { requestAccessPageCopy } from './request-access-page.ts';

describe('demo page copy', () => {
  it('offers the three demo options, in order, with their facts', () => {
    expect(
      DEMO_OPTIONS.map(({ id, title, duration, audience, popular }) => ({
        id,
        title,
        duration,
        audience,
        popular,
      })),
    ).toEqual([
      {
        id: 'executive',
        title: 'Executive Overview',
        duration: '15 minutes',
        audience: 'CISOs, Security Directors, Executive Leadership',
        popular: false,
      },
      {
        id: 'technical',
        title: 'Technical Deep Dive',
        duration: '45 minutes',
        audience: 'Security Engineers, Architects, Technical Leaders',
        popular: true,
      },
      {
        id: 'hands-on',
        title: 'Hands-On Workshop',
        duration: '90 minutes',
        audience: 'Security Teams, DevOps Engineers',
        popular: false,
      },
    ]);
    expect(DEMO_OPTIONS.map((o) => o.features.map((f) => f.toLowerCase()))).toEqual([
      [
        'business impact metrics',
        'competitive positioning',
        'implementation timeline',
        'cost savings analysis',
      ],
      [
        'live attack path mapping',
        'mitre att&ck integration',
        'iam chain analysis',
        'vulnerability correlation',
        'multi-account orchestration',
      ],
      [
        'live environment scan',
        'real attack path discovery',
        'custom use case analysis',
        'q&a with engineering team',
      ],
    ]);
  });

  it('colours executive purple, technical blue and hands-on green, and names the selection', () => {
    expect(DEMO_OPTIONS.map((o) => o.colour)).toEqual(['violet', 'blue', 'emerald']);
    expect(DEMO_OPTIONS.map((o) => o.selectedLabel)).toEqual([
      'Executive Demo Selected',
      'Technical Demo Selected',
      'Hands-On Demo Selected',
    ]);
  });

  it('uses the titles the shared option list mails to sales', () => {
    expect(DEMO_OPTIONS.map((o) => [o.id, o.title])).toEqual(
      DEMO_TYPES.map((t) => [t.value, t.label]),
    );
  });

  it('says the product texts of the page', () => {
    expect(demoPageCopy.options.popularRibbon).toBe('MOST POPULAR');
    expect(demoPageCopy.options.selectedBadge).toBe('SELECTED');
    expect(`${demoPageCopy.banner.complete} →`).toBe('Complete Demo Request →');
    expect(demoPageCopy.banner.moreFeatures(2)).toBe('+2 more features');
    expect(demoPageCopy.modules.heading).toBe('Platform Modules');
    expect(demoModuleIds).toHaveLength(4);
    expect(demoPageCopy.formSection.emptyTitle).toBe('Select a Demo Type Above');
    expect(demoPageCopy.formSection.encrypted).toBe('Your data is encrypted and never shared');
    expect(demoPageCopy.formSection.response).toBe('Response within 24 hours');
    expect(demoPageCopy.formSection.nextHeading).toBe('What happens next?');
    expect(demoPageCopy.formSection.nextSteps).toHaveLength(3);
    expect(demoPageCopy.success.title).toBe('Demo Request Received');
    expect(demoPageCopy.success.nextSteps).toHaveLength(4);
    expect(demoPageCopy.success.again).toBe('Schedule Another Demo');
    expect(demoPageCopy.success.toast('Technical Deep Dive')).toBe(
      'Technical Deep Dive Demo Submitted ✓',
    );
  });
});

describe('private beta page copy', () => {
  it('shows the headline figures, six feature cards and the beta consent label', () => {
    expect(requestAccessPageCopy.figures.map((f) => f.value)).toEqual(['25', '2-5 days', '50+']);
    expect(requestAccessPageCopy.figures[2]?.label).toBe('AWS accounts preferred');
    expect(requestAccessPageCopy.features.items).toHaveLength(6);
    expect(requestAccessPageCopy.form.consentLabel).toBe(BETA_CONSENT_LABEL);
    expect(requestAccessPageCopy.form.progress(3, 4)).toBe('3/4 completed');
    expect(requestAccessPageCopy.form.sectionStatus).toMatchObject({
      complete: 'Complete',
      inProgress: 'In Progress',
    });
    expect(requestAccessPageCopy.success).toMatchObject({
      demo: 'Schedule a Demo',
      intelligence: 'Explore Security Intelligence',
      follow: 'Follow for Updates',
    });
  });
});

describe('partner page copy', () => {
  it('promises the partner response time', () => {
    expect(becomePartnerPageCopy.next.steps[0]?.title).toContain('2-3 business days');
    expect(becomePartnerPageCopy.programs.items.length).toBeGreaterThanOrEqual(3);
    expect(SITE.departments.partnerships).toMatch(/@/);
  });
});
