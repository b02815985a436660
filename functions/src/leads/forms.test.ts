import { describe, expect, it } from 'vitest';
import { betaAccessForm } from './forms/beta-access.ts';
import { demoForm } from './forms/demo.ts';
import { downloadForm } from './forms/download.ts';
import { partnerForm } from './forms/partner.ts';
import { salesNotification, salesSubject, visitorEmail } from './notification.ts';

const demo = {
  demoType: 'technical',
  fullName: 'Priya Raman',
  workEmail: 'priya@northwind.example',
  companyName: 'Northwind <Finance>',
  jobTitle: 'CISO',
  companySize: 'enterprise',
  industry: 'financial-services',
  urgency: 'high',
  timeframe: 'within-2-weeks',
  interestedModules: ['attack-path-mapping', 'iam-analysis'],
  awsEnvironmentSize: '51-100',
  companyVerticals: ['financial-services'],
  specificUseCases: 'Map privilege escalation paths across 60 accounts.',
  securityChallenges: 'Too many findings without context across the organization.',
  whyKryon: 'We want attack paths, not another list of misconfigurations.',
  consentProcessing: true,
};

describe('form definitions', () => {
  it('lay out the demo request with option labels, not stored values', () => {
    const email = salesNotification({
      definition: demoForm,
      data: demo,
      submissionId: 's-1',
      createdAt: '2026-11-22T10:00:00.000Z',
      recipients: ['sales@kryon.example'],
      timeZone: 'UTC',
    });
    // The subject passes the shared text rule again, which takes angle brackets out.
    expect(email.subject).toBe(
      '[Priority] Demo request · 51-100 AWS accounts · from “Northwind Finance”',
    );
    expect(email.text).toMatch(/^Priority: 51-100 AWS accounts, Enterprise\n/);
    expect(email.replyTo).toEqual(['priya@northwind.example']);
    expect(email.text).toContain(
      'Interested in: Attack Path Mapping, IAM & Identity Chain Analysis',
    );
    expect(email.html).toContain('“Northwind &lt;Finance&gt;”');
    expect(email.html).not.toContain('<Finance>');
  });

  it('name the form and key choice first, then the company in quotes, in every subject', () => {
    expect(
      salesSubject(partnerForm, {
        interests: ['reseller'],
        company: 'CloudGuard',
        companySize: '1-10',
      }),
    ).toBe('Partner · Reseller · from “CloudGuard”');
    expect(
      salesSubject(betaAccessForm, { awsEnvironmentSize: '100+', companyName: 'Fjord Labs' }),
    ).toBe('[Priority] Beta access · 100+ AWS accounts · from “Fjord Labs”');
    expect(
      salesSubject(downloadForm, { researchId: 'imdsv1-ssrf-to-account-admin', company: 'Acme' }),
    ).toBe(
      'Download · From SSRF to Account Admin: Instance Metadata Credential Theft i… · from “Acme”',
    );
  });

  it('send the personal report link, for how long it works, and none of the typed words', () => {
    const message = downloadForm.visitorMessage?.(
      {
        email: 'mei@harbour.example',
        firstName: 'Mei "M" <Chen>',
        company: 'Harbour',
        role: 'ciso',
        researchId: 'kev-exposure-prioritization',
      },
      {
        siteOrigin: 'https://www.kryon.example',
        reportUrl: (item) => `https://www.kryon.example/api/email/report?item=${item}&sig=x`,
        reportLinkDays: 7,
      },
    );
    if (!message) throw new Error('download sends no visitor message');
    const email = visitorEmail({
      message,
      to: 'mei@harbour.example',
      replyTo: ['sales@kryon.example'],
      form: 'download',
      submissionId: 'sub-1',
      fromName: 'Kryon Sales',
    });
    expect(email.fromName).toBe('Kryon Sales');
    expect(email.stream).toBe('visitor');
    expect(email.html).toMatch(
      /<a href="https:\/\/www\.kryon\.example\/api\/email\/report\?item=kev-exposure-prioritization&amp;sig=x"[^>]*>Download the report<\/a>/,
    );
    expect(email.text).toContain(
      'https://www.kryon.example/api/email/report?item=kev-exposure-prioritization&sig=x',
    );
    expect(email.text).toContain('works for 7 days');
    expect(email.html).toMatch(/<p[^>]*>Hello,<\/p>/);
    for (const part of [email.subject, email.text, email.html]) {
      expect(part).not.toMatch(/Mei|Chen|Harbour/);
    }
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.to).toEqual(['mei@harbour.example']);
  });
});
