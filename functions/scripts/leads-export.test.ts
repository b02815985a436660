import { describe, expect, it } from 'vitest';
import { leadRows, parseDateBound, parseExportArgs } from './leads-export.ts';
import { UsageError } from './lib/cli.ts';

/** Where the visit came from: the columns after the form's fields. */
const ATTRIBUTION_COLUMNS = [
  'landingPath',
  'referrerOrigin',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'formPath',
];
const NO_ATTRIBUTION = ATTRIBUTION_COLUMNS.map(() => undefined);

describe('parseExportArgs', () => {
  it('reads the form and the range, a day as --until including that whole day', () => {
    expect(
      parseExportArgs(['--form', 'demo', '--since', '2026-11-01', '--until', '2026-11-30']),
    ).toEqual({
      query: {
        form: 'demo',
        since: '2026-11-01T00:00:00.000Z',
        until: '2026-12-01T00:00:00.000Z',
      },
      out: undefined,
      table: undefined,
      region: undefined,
    });
  });

  it('takes --out, --table and --region', () => {
    expect(
      parseExportArgs([
        '--form=beta-access',
        '--since=2026-11-01T09:30:00+01:00',
        '--out',
        'beta.csv',
        '--table',
        'prod-leads',
        '--region',
        'eu-west-1',
      ]),
    ).toEqual({
      query: { form: 'beta-access', since: '2026-11-01T08:30:00.000Z', until: undefined },
      out: 'beta.csv',
      table: 'prod-leads',
      region: 'eu-west-1',
    });
  });

  it.each([
    [[], /--form is required/],
    [['--since', '2026-11-01'], /--form is required/],
    [['--form', 'newsletter', '--since', '2026-11-01'], /Unknown form "newsletter"/],
    [['--form', 'demo'], /--since is required/],
    [['--form', 'demo', '--since', 'yesterday'], /neither a date/],
    [['--form', 'demo', '--since', '2026-02-30'], /not a calendar date/],
    [['--form', 'demo', '--since', '2026-11-01T10:00'], /neither a date/],
    [
      ['--form', 'demo', '--since', '2026-11-02', '--until', '2026-11-01'],
      /must come after --since/,
    ],
    [['--form', 'demo', '--since', '2026-11-01', '--emails'], /Unknown option '--emails'/],
    [['--form', 'demo', '--since', '2026-11-01', 'extra'], /positional/i],
    [['--form', 'demo', '--since'], /argument missing/],
    [['--form', 'demo', '--since', '2026-11-01', '--out', ''], /--out needs a file name/],
  ])('refuses %j', (argv, message) => {
    const parse = () => parseExportArgs(argv as string[]);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });
});

describe('parseDateBound', () => {
  it('reads a day in UTC and an instant with its offset', () => {
    expect(parseDateBound('2026-11-01', 'since')).toBe('2026-11-01T00:00:00.000Z');
    expect(parseDateBound('2026-12-31', 'until')).toBe('2027-01-01T00:00:00.000Z');
    expect(parseDateBound('2026-11-01T10:00:00Z', 'until')).toBe('2026-11-01T10:00:00.000Z');
    expect(parseDateBound('2026-11-01T10:00:00.5-05:00', 'since')).toBe('2026-11-01T15:00:00.500Z');
  });
});

describe('leadRows', () => {
  const lead = (createdAt: string, fields: Record<string, unknown>, extra = {}) => ({
    pk: `LEAD#partner#${createdAt}`,
    sk: 'LEAD',
    form: 'partner',
    submissionId: `id-${createdAt}`,
    createdAt,
    fields,
    emailStatus: 'sent',
    spam: false,
    ...extra,
  });

  it("puts the schema's fields in its order, then stored fields it does not know", () => {
    const [header] = leadRows('partner', [lead('2026-11-02', { name: 'A', legacyField: 'x' })]);
    expect(header).toEqual([
      'submissionId',
      'form',
      'createdAt',
      'name',
      'email',
      'company',
      'position',
      'phone',
      'companySize',
      'industry',
      'interests',
      'message',
      'legacyField',
      ...ATTRIBUTION_COLUMNS,
      'browserCheck',
      'emailStatus',
      'visitorEmail',
      'visitorDelivery',
      'visitorDeliveryAt',
      'spam',
    ]);
  });

  it('says whether a held unverified lead still waits for the sales digest or went out in one', () => {
    const rows = leadRows('partner', [
      lead(
        '2026-11-01',
        {},
        {
          emailStatus: 'pending',
          emails: { sales: { status: 'held', attempts: 0 } },
        },
      ),
      lead(
        '2026-11-02',
        {},
        {
          emails: { sales: { status: 'sent', via: 'digest', attempts: 1, messageId: 'm-1' } },
        },
      ),
      lead('2026-11-03', {}, { emails: { sales: { status: 'sent', attempts: 1 } } }),
      lead(
        '2026-11-03T12:00:00.000Z',
        {},
        {
          networkHash: '1a2b3c4d5e6f',
          emails: { sales: { status: 'sent', via: 'digest-count', attempts: 1, messageId: 'm-1' } },
        },
      ),
      lead(
        '2026-11-04',
        {},
        {
          emailStatus: 'failed',
          emails: { sales: { status: 'failed', attempts: 1 } },
        },
      ),
    ]);
    const column = (rows[0] as unknown[]).indexOf('emailStatus');
    expect(rows.slice(1).map((row) => row[column])).toEqual([
      'held-for-digest',
      'sent-in-digest',
      'sent',
      'counted-in-digest (network 1a2b3c4d)',
      'failed',
    ]);
  });

  it('writes one row per lead, oldest first, missing fields empty', () => {
    const rows = leadRows('contact', [
      lead('2026-11-03T00:00:00.000Z', { name: 'Later', email: 'l@x.io' }, { form: 'contact' }),
      lead(
        '2026-11-01T00:00:00.000Z',
        { name: 'Earlier', email: 'e@x.io', subject: 'demo' },
        { form: 'contact', spam: true, emailStatus: 'skipped' },
      ),
    ]);
    expect(rows.slice(1)).toEqual([
      [
        'id-2026-11-01T00:00:00.000Z',
        'contact',
        '2026-11-01T00:00:00.000Z',
        'Earlier',
        'e@x.io',
        undefined,
        'demo',
        undefined,
        undefined,
        ...NO_ATTRIBUTION,
        undefined,
        'skipped',
        true,
      ],
      [
        'id-2026-11-03T00:00:00.000Z',
        'contact',
        '2026-11-03T00:00:00.000Z',
        'Later',
        'l@x.io',
        undefined,
        undefined,
        undefined,
        undefined,
        ...NO_ATTRIBUTION,
        undefined,
        'sent',
        false,
      ],
    ]);
  });

  it('has a column for each part of where the visit came from, never one for the object', () => {
    const attribution = {
      landingPath: '/security-intelligence/identity-risks/long-lived-access-keys',
      referrerOrigin: 'https://news.example',
      utmSource: 'newsletter',
      utmCampaign: 'q4',
      formPath: '/demo',
    };
    for (const form of ['contact', 'partner', 'demo', 'beta-access', 'download'] as const) {
      const [header, row] = leadRows(form, [
        lead('2026-11-02T00:00:00.000Z', { email: 'a@x.io' }, { form, attribution }),
      ]);
      expect(header).not.toContain('attribution');
      const first = header?.indexOf('landingPath') ?? -1;
      expect(header?.slice(first, first + 8)).toEqual(ATTRIBUTION_COLUMNS);
      expect(header?.[first + 8]).toBe('browserCheck');
      expect(row?.slice(first, first + 8)).toEqual([
        '/security-intelligence/identity-risks/long-lived-access-keys',
        'https://news.example',
        'newsletter',
        undefined,
        'q4',
        undefined,
        undefined,
        '/demo',
      ]);
    }
  });

  it('leaves the attribution columns empty for a lead without one, or with a broken one', () => {
    const rows = leadRows('contact', [
      lead('2026-11-02T00:00:00.000Z', { email: 'a@x.io' }, { form: 'contact' }),
      lead('2026-11-03T00:00:00.000Z', { email: 'b@x.io' }, { form: 'contact', attribution: 'x' }),
    ]);
    const first = rows[0]?.indexOf('landingPath') ?? -1;
    for (const row of rows.slice(1)) expect(row.slice(first, first + 8)).toEqual(NO_ATTRIBUTION);
  });

  it('shows when a download lead first opened its report, how often, and its browser check', () => {
    const rows = leadRows('download', [
      lead(
        '2026-11-02T00:00:00.000Z',
        { email: 'o@x.io', researchId: 'kev-exposure-prioritization' },
        {
          form: 'download',
          browserCheck: 'verified',
          downloadedAt: '2026-11-02T08:00:00.000Z',
          downloadCount: 3,
        },
      ),
      lead('2026-11-03T00:00:00.000Z', { email: 'n@x.io' }, { form: 'download' }),
    ]);
    const [header, opened, unopened] = rows;
    const at = (row: unknown[] | undefined, column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(header?.slice(-8)).toEqual([
      'browserCheck',
      'downloadedAt',
      'downloadCount',
      'emailStatus',
      'visitorEmail',
      'visitorDelivery',
      'visitorDeliveryAt',
      'spam',
    ]);
    expect(at(opened, 'browserCheck')).toBe('verified');
    expect(at(opened, 'downloadedAt')).toBe('2026-11-02T08:00:00.000Z');
    expect(at(opened, 'downloadCount')).toBe(3);
    expect(at(unopened, 'downloadedAt')).toBeUndefined();
    expect(at(unopened, 'downloadCount')).toBe(0);
  });

  it("says what became of the visitor's e-mail: withheld with its reason, bounced with its type", () => {
    const rows = leadRows('download', [
      lead(
        '2026-11-02T00:00:00.000Z',
        { email: 'b@x.io' },
        {
          form: 'download',
          emails: {
            visitor: {
              status: 'sent',
              messageId: 'm1',
              delivery: {
                outcome: 'bounced',
                bounceType: 'permanent',
                at: '2026-11-02T00:00:01.000Z',
                messageId: 'm1',
                rank: 4,
              },
            },
          },
        },
      ),
      lead(
        '2026-11-03T00:00:00.000Z',
        { email: 'b@x.io' },
        {
          form: 'download',
          emails: { visitor: { status: 'withheld', reason: 'address-bounced', attempts: 0 } },
        },
      ),
      lead(
        '2026-11-04T00:00:00.000Z',
        { email: 'c@x.io' },
        {
          form: 'download',
          emails: {
            visitor: {
              status: 'sent',
              delivery: { outcome: 'complained', at: '2026-11-04T00:00:02.000Z', rank: 5 },
            },
          },
        },
      ),
    ]);
    const [header, ...leads] = rows;
    const cells = (row: unknown[] | undefined) =>
      ['visitorEmail', 'visitorDelivery', 'visitorDeliveryAt'].map(
        (column) => row?.[header?.indexOf(column) ?? -1],
      );
    expect(leads.map(cells)).toEqual([
      ['sent', 'bounced (permanent)', '2026-11-02T00:00:01.000Z'],
      ['withheld (address-bounced)', undefined, undefined],
      ['sent', 'complained', '2026-11-04T00:00:02.000Z'],
    ]);
  });

  it('has no visitor e-mail columns for a form that mails only sales', () => {
    const [header] = leadRows('contact', []);
    expect(header).not.toContain('visitorEmail');
  });
});
