import { formRecipients } from '@kryon/functions/config';
import { leadEventsFileShape } from '@kryon/functions/event-destinations';
import { settingsFileShape } from '@kryon/functions/settings';
import { DATA_RETENTION } from '@kryon/shared/constants';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import local from '../environments/local.ts';
import production from '../environments/production.ts';
import { filledInProduction } from '../test/filled-in-production.ts';
import {
  destinationKinds,
  EnvironmentError,
  type EnvironmentInput,
  environmentSchema,
  PLACEHOLDERS,
  parseEnvironment,
  RECIPIENT_KEYS,
  truststoreProblem,
} from './environment.ts';

function problems(input: unknown): string {
  try {
    parseEnvironment('infra/environments/test.ts', input);
  } catch (error) {
    if (error instanceof EnvironmentError) return error.message;
    throw error;
  }
  return '';
}

const without = (key: keyof EnvironmentInput) => {
  const input: Record<string, unknown> = filledInProduction();
  delete input[key];
  return input;
};

describe('the production file', () => {
  it('is refused as committed, naming the five values only ops have', () => {
    const message = problems(production);
    expect(message).toContain('infra/environments/test.ts is not a valid environment');
    expect(message).toMatch(/^ {2}account: is still to be filled in \(the 12-digit AWS account/m);
    expect(message).toMatch(/^ {2}domain\.certificateArn: is still to be filled in/m);
    expect(message).toMatch(/^ {2}apiOrigin\.certificateArn: is still to be filled in/m);
    expect(message).toMatch(/^ {2}apiOrigin\.clientCertificateArn: is still to be filled in/m);
    expect(message).toMatch(/^ {2}apiOrigin\.truststore: is still to be filled in/m);
    expect(message.match(/^ {2}\S/gm)).toHaveLength(5);
  });

  it('filled in, gives the stack and the site build the same origins', () => {
    const { kind, config, placeholders, site } = parseEnvironment('p', filledInProduction());
    expect(kind).toBe('production');
    expect(placeholders).toEqual([]);
    expect(site).toEqual({ origin: 'https://kryon.security', apiOrigin: '', leadDestinations: '' });
    expect(config.siteOrigin).toBe(site.origin);
    expect(config.env).toEqual({ account: '123456789012', region: 'us-east-1' });
    expect(config.email).toMatchObject({
      identity: 'kryon.security',
      from: 'Kryon <no-reply@kryon.security>',
      fromAddress: 'no-reply@kryon.security',
      identityExists: false,
      recipients: { default: ['sales@kryon.security'], partner: ['partners@kryon.security'] },
    });
    expect(config.waf).toEqual({ mode: 'create', rateLimit: 100 });
  });

  it.each([
    ['sender', 'the SES identity'],
    ['recipients', 'who gets the leads'],
    ['alarmEmails', 'who the alarms e-mail'],
    ['account', 'the 12-digit AWS account'],
    ['region', 'the AWS region'],
  ] as const)('is refused without %s, naming the key and what it holds', (key, what) => {
    expect(problems(without(key))).toMatch(
      new RegExp(`^ {2}${key}: is required in production: ${what}`, 'm'),
    );
  });

  it('is refused with no site origin and no domain to take it from', () => {
    const input = { ...without('siteOrigin'), domain: undefined, waf: undefined };
    expect(problems(input)).toMatch(/^ {2}siteOrigin: is required in production/m);
    expect(problems({ ...without('siteOrigin') })).toBe('');
  });

  it('is refused with an alarm list that names nobody', () => {
    expect(problems({ ...filledInProduction(), alarmEmails: [] })).toMatch(
      /^ {2}alarmEmails: is required in production/m,
    );
  });

  it.each([
    ['sender', { sender: { identity: 'example.com' } }, 'sender.identity'],
    ['recipients', { recipients: { default: ['sales@kryon.example'] } }, 'recipients.default.0'],
    ['alarm e-mails', { alarmEmails: ['ops@example.org'] }, 'alarmEmails.0'],
    ['site origin', { siteOrigin: 'https://kryon.test' }, 'siteOrigin'],
  ])('is refused with a %s reserved for examples', (_what, change, path) => {
    expect(problems({ ...filledInProduction(), ...change })).toMatch(
      new RegExp(`^ {2}${path.replace(/\./g, '\\.')}: uses .*reserved for examples`, 'm'),
    );
  });

  it('lists every problem at once', () => {
    const input = { ...without('sender'), recipients: { Demo: ['x@kryon.security'] } };
    const message = problems(input);
    expect(message).toMatch(/^ {2}sender: is required/m);
    expect(message).toMatch(/^ {2}recipients\.Demo: is not a form: use "demo"/m);
  });
});

describe('a preview', () => {
  it('synthesizes with placeholders for what it leaves out, and says which', () => {
    const { kind, placeholders, config } = parseEnvironment('infra/environments/local.ts', local);
    expect(kind).toBe('preview');
    expect(placeholders).toEqual(['sender', 'recipients', 'apiOrigin']);
    expect(config.email.identity).toBe('example.com');
    expect(config.apiOrigin.name).toBe('api-origin.example.com');
    expect(config.email.recipients).toEqual({ default: ['sales@example.com'] });
    expect(config.alarmEmails).toEqual([]);
  });

  it('may use names reserved for examples', () => {
    expect(
      problems({
        kind: 'preview',
        sender: { identity: 'kryon.example' },
        siteOrigin: 'https://x.test',
      }),
    ).toBe('');
  });

  it('still refuses a value left to fill in', () => {
    expect(problems({ kind: 'preview', account: 'FILL IN: the account' })).toMatch(
      /account: is still to be filled in \(the account\)/,
    );
  });
});

describe('keys', () => {
  it('are refused when the file has one the schema does not know (a typo)', () => {
    expect(problems({ kind: 'preview', recipient: { default: ['a@kryon.security'] } })).toMatch(
      /recipient/,
    );
    expect(
      problems({ kind: 'preview', sender: { identity: 'kryon.security', From: 'x' } }),
    ).toMatch(/^ {2}sender: .*From/m);
  });

  it('need a kind', () => {
    expect(problems({})).toMatch(/^ {2}kind: /m);
  });
});

describe('recipients', () => {
  it('are keyed by the forms the shared definitions declare, and default', () => {
    expect(RECIPIENT_KEYS).toEqual([
      'default',
      'contact',
      'partner',
      'demo',
      'beta-access',
      'download',
    ]);
  });

  it.each([
    ['Demo', 'demo'],
    ['beta_access', 'beta-access'],
    ['BETA-ACCESS', 'beta-access'],
  ])('refuses %s, naming the form it must be', (key, form) => {
    expect(
      problems({
        kind: 'preview',
        recipients: { default: ['a@kryon.security'], [key]: ['b@kryon.security'] },
      }),
    ).toContain(`recipients.${key}: is not a form: use "${form}"`);
  });

  it('refuses a name that is no form, listing the forms', () => {
    expect(problems({ kind: 'preview', recipients: { sales: ['a@kryon.security'] } })).toContain(
      'recipients.sales: is not a form: use one of "default", "contact", "partner", "demo", "beta-access", "download"',
    );
  });

  it('need a default unless every form has a list of its own', () => {
    expect(problems({ kind: 'preview', recipients: { partner: ['p@kryon.security'] } })).toContain(
      'recipients: needs "default", or a list for contact, demo, beta-access, download',
    );
    const every = Object.fromEntries(
      RECIPIENT_KEYS.filter((key) => key !== 'default').map((form) => [
        form,
        [`${form}@kryon.security`],
      ]),
    );
    expect(problems({ kind: 'preview', recipients: every })).toBe('');
  });

  it('refuses an empty list and a word that is no address', () => {
    expect(problems({ kind: 'preview', recipients: { default: [] } })).toContain(
      'recipients.default: must list at least one address',
    );
    expect(problems({ kind: 'preview', recipients: { default: ['sales'] } })).toContain(
      'recipients.default.0: must be an e-mail address',
    );
    // What the functions would refuse at cold start (functions/src/config.ts) is refused here.
    const address = 'sales!team@kryon.security';
    expect(() => formRecipients('contact', { MAIL_TO: address })).toThrow(/MAIL_TO/);
    expect(problems({ kind: 'preview', recipients: { default: [address] } })).toContain(
      'recipients.default.0: must be an e-mail address',
    );
  });
});

describe('senders', () => {
  it('derive the From from a domain, or use the address itself', () => {
    const domain = parseEnvironment('t', {
      kind: 'preview',
      sender: { identity: 'kryon.security' },
    });
    expect(domain.config.email.from).toBe('Kryon <no-reply@kryon.security>');
    const address = parseEnvironment('t', {
      kind: 'preview',
      sender: { identity: 'hello@kryon.security' },
    });
    expect(address.config.email).toMatchObject({
      from: 'hello@kryon.security',
      fromAddress: 'hello@kryon.security',
    });
  });

  it('refuse a From the identity does not cover (SES would refuse every send)', () => {
    expect(
      problems({
        kind: 'preview',
        sender: { identity: 'kryon.security', from: 'Kryon <no-reply@mail.kryon.security>' },
      }),
    ).toContain('sender.from: no-reply@mail.kryon.security is not covered by sender.identity');
  });

  it('refuse a From with a second line or two addresses (it becomes a header as it is)', () => {
    for (const from of [
      'Kryon <a@kryon.security>\r\nBcc: x@evil.example',
      'a@kryon.security, b@kryon.security',
    ]) {
      expect(problems({ kind: 'preview', sender: { identity: 'kryon.security', from } })).toMatch(
        /sender\.from: must be one address/,
      );
    }
  });

  it('give visitor mail its own identity only with its own From, other than the sales one', () => {
    const base = { kind: 'preview', sender: { identity: 'kryon.security' } } as const;
    expect(problems({ ...base, visitorSender: { identity: 'mail.kryon.security' } })).toMatch(
      /visitorSender\.from: /,
    );
    expect(
      problems({
        ...base,
        visitorSender: { identity: 'kryon.security', from: 'no-reply@kryon.security' },
      }),
    ).toContain('visitorSender.identity: is sender.identity');
    const { config } = parseEnvironment('t', {
      ...base,
      visitorSender: { identity: 'mail.kryon.security', from: 'Kryon <hi@mail.kryon.security>' },
    });
    expect(config.email.visitor).toEqual({
      identity: 'mail.kryon.security',
      from: 'Kryon <hi@mail.kryon.security>',
      fromAddress: 'hi@mail.kryon.security',
      identityExists: false,
    });
  });

  it('refuse a sender name that would break the From header', () => {
    expect(problems({ kind: 'preview', visitorMail: { fromName: 'Sales <x@y.z>' } })).toMatch(
      /^ {2}visitorMail.fromName: /m,
    );
  });
});

describe('the other settings', () => {
  it('take each settings group from functions/src/settings.ts, overridden by no other key', () => {
    for (const [group, schema] of Object.entries(settingsFileShape)) {
      expect(environmentSchema.shape[group as keyof typeof environmentSchema.shape], group).toBe(
        schema,
      );
    }
  });

  it('create a web ACL only in us-east-1, where AWS allows CloudFront ones', () => {
    expect(problems({ kind: 'preview', region: 'eu-west-1', waf: { rateLimit: 100 } })).toContain(
      'waf: creates a CloudFront web ACL, which AWS allows only in us-east-1',
    );
    expect(
      problems({
        kind: 'preview',
        waf: { webAclArn: 'arn:aws:wafv2:eu-west-1:1:regional/webacl/x' },
      }),
    ).toContain('must be a global (CLOUDFRONT) WAFv2 web ACL ARN');
  });

  it('throttle the API for a flood, within API Gateway’s ceilings, and no route apart', () => {
    // A bucket a stranger can fill switches every visitor off (decision 072).
    expect(problems({ kind: 'preview', api: { rateLimit: 5 } })).toContain(
      'api.rateLimit: must be a whole number from 1000 to 10000',
    );
    expect(problems({ kind: 'preview', api: { burstLimit: 6_000 } })).toContain(
      'api.burstLimit: must be a whole number from 500 to 5000',
    );
    expect(
      problems({ kind: 'preview', api: { routes: { contact: { rateLimit: 5, burstLimit: 10 } } } }),
    ).toMatch(/api: .*routes/);
  });

  it('throttle the stage at the account quota of the stack’s region, unless the file says', () => {
    const throttleIn = (region: string | undefined, api = {}) =>
      parseEnvironment('t', { kind: 'preview', ...(region ? { region } : {}), api }).config.api;
    expect(throttleIn(undefined)).toEqual({ rateLimit: 10_000, burstLimit: 5_000 });
    expect(throttleIn('us-east-1')).toEqual({ rateLimit: 10_000, burstLimit: 5_000 });
    expect(throttleIn('eu-south-1')).toEqual({ rateLimit: 2_500, burstLimit: 1_250 });
    expect(throttleIn('us-east-1', { rateLimit: 3_000 })).toEqual({
      rateLimit: 3_000,
      burstLimit: 5_000,
    });
  });

  it('name the API’s own origin with a certificate in the stack’s region', () => {
    expect(
      problems({
        kind: 'preview',
        region: 'eu-west-1',
        apiOrigin: {
          ...PLACEHOLDERS.apiOrigin,
          name: 'api-origin.kryon.security',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        },
      }),
    ).toContain('apiOrigin.certificateArn: is in us-east-1: the API');
    const wrong = problems({
      kind: 'preview',
      region: 'eu-west-1',
      apiOrigin: {
        name: 'not a name',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
        clientCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
        truststore: 'infra/environments/no-such-ca.pem',
      },
    });
    expect(wrong).toMatch(/apiOrigin\.name: /);
    expect(wrong).toContain(
      'apiOrigin.clientCertificateArn: must be the ARN of a client certificate imported into ACM in us-east-1',
    );
    expect(wrong).toContain('apiOrigin.truststore: is no file: infra/environments/no-such-ca.pem');
  });

  it('trust only CA certificates in the API’s truststore, none expired', () => {
    expect(truststoreProblem('infra/environments/placeholder-origin-ca.pem')).toBeUndefined();
    // A certificate that is not a CA's, a file with no certificate, a CA past its date.
    expect(truststoreProblem('README.md')).toBe('holds no PEM certificate: README.md');
    expect(
      truststoreProblem('infra/environments/placeholder-origin-ca.pem', new Date('2200-01-01')),
    ).toMatch(/^holds a CA certificate that expired on /);
  });

  it('keep the brake below the rates SES reviews an account at', () => {
    expect(problems({ kind: 'preview', visitorBrake: { bounceRate: 0.05 } })).toContain(
      'visitorBrake.bounceRate: must be below 0.05',
    );
    expect(problems({ kind: 'preview', visitorBrake: { complaintRate: 0 } })).toContain(
      'visitorBrake.complaintRate: must be a complaint rate as a fraction above 0',
    );
  });

  it('pause the visitor stream at least for the alarms’ hour, and double up to a longer pause', () => {
    expect(problems({ kind: 'preview', visitorBrake: { coolDownMinutes: 30 } })).toContain(
      'visitorBrake.coolDownMinutes: must be a whole number from 60 to 10080',
    );
    expect(
      problems({ kind: 'preview', visitorBrake: { coolDownMinutes: 120, maxCoolDownMinutes: 90 } }),
    ).toContain('visitorBrake.maxCoolDownMinutes: must be at least coolDownMinutes');
    // The count that an attacker met with 6 bounces is gone (decision 075).
    expect(problems({ kind: 'preview', visitorBrake: { minBounces: 5 } })).toMatch(/minBounces/);
  });

  it('take a log level, time zone and secret version of the right shape', () => {
    expect(problems({ kind: 'preview', logLevel: 'info' })).toMatch(/^ {2}logLevel: /m);
    expect(problems({ kind: 'preview', sales: { timeZone: 'Berlin' } })).toContain(
      'sales.timeZone: must be an IANA time zone',
    );
    expect(problems({ kind: 'preview', originVerifySecretVersion: 'v2' })).toContain(
      'originVerifySecretVersion: must be the VersionId',
    );
  });

  it('apply the documented defaults', () => {
    const { config } = parseEnvironment('infra/environments/t.ts', { kind: 'preview' });
    expect(config).toMatchObject({
      stackName: 'KryonWeb-t',
      waf: { mode: 'off' },
      settings: {
        visitorMail: { perAddress: 3, perHour: 400, fromName: 'Kryon Sales' },
        sales: { timeZone: 'UTC' },
        visitorBrake: {
          bounceRate: 0.04,
          complaintRate: 0.0008,
          minVolume: 300,
          minComplaints: 3,
          coolDownMinutes: 60,
          maxCoolDownMinutes: 720,
        },
      },
      api: { rateLimit: 10_000, burstLimit: 5_000 },
      logLevel: 'INFO',
      appVersion: 'dev',
    });
  });

  it('keep leads and logs as long as the privacy notice says, a period CloudWatch offers', () => {
    const { config } = parseEnvironment('t', { kind: 'preview' });
    expect(config.leadRetentionDays).toBe(DATA_RETENTION.leadDays);
    expect(config.logRetention).toBe(DATA_RETENTION.logDays);
    expect(Object.values(RetentionDays)).toContain(DATA_RETENTION.logDays);
  });
});

describe('lead events', () => {
  it('take their key from functions/src/leads/event-destinations.ts, the local bus’s too', () => {
    expect(environmentSchema.shape.leadEvents).toBe(leadEventsFileShape);
  });

  it('send nowhere unless the file names destinations', () => {
    const { config } = parseEnvironment('t', { kind: 'preview' });
    expect(config.leadEvents).toEqual({ destinations: [] });
  });

  it('fill in each destination’s defaults: local.ts sends to the local inbox', () => {
    const { config } = parseEnvironment('infra/environments/local.ts', local);
    expect(config.leadEvents.destinations).toEqual([
      {
        name: 'sales-slack',
        kind: 'slack',
        secret: 'kryon-local/slack-webhook-url',
        events: ['lead.accepted'],
        forms: ['contact', 'partner', 'demo', 'beta-access', 'download'],
        perSecond: 1,
      },
      {
        name: 'crm-webhook',
        kind: 'webhook',
        secret: 'kryon-local/webhook-signing-secret',
        url: 'http://127.0.0.1:8010/webhook',
        events: ['lead.accepted', 'lead.delivery', 'lead.report-opened', 'lead.erased'],
        forms: ['contact', 'partner', 'demo', 'beta-access', 'download'],
        perSecond: 5,
      },
      {
        name: 'crm-api',
        kind: 'api',
        secret: 'kryon-local/crm-api-key',
        url: 'http://127.0.0.1:8010/api',
        header: 'x-api-key',
        events: ['lead.accepted', 'lead.delivery', 'lead.report-opened', 'lead.erased'],
        forms: ['contact', 'partner', 'demo', 'beta-access', 'download'],
        perSecond: 5,
      },
    ]);
  });

  it('refuse two destinations of one name, and a local receiver in production', () => {
    const slack = { kind: 'slack', name: 'sales', secret: 'kryon/slack' } as const;
    expect(
      problems({ kind: 'preview', leadEvents: { destinations: [slack, { ...slack }] } }),
    ).toContain('leadEvents.destinations: must not name two destinations alike');
    const local = {
      kind: 'webhook',
      name: 'crm',
      url: 'http://127.0.0.1:8010/webhook',
      secret: 'kryon/crm',
    } as const;
    // A local receiver in local.ts alone: in any other file, even a preview, it is refused.
    expect(() =>
      parseEnvironment('infra/environments/local.ts', {
        kind: 'preview',
        leadEvents: { destinations: [local] },
      }),
    ).not.toThrow();
    for (const url of [
      local.url,
      'http://127.0.0.1:9001/2018-06-01/runtime',
      'https://localhost/x',
    ]) {
      expect(
        problems({ kind: 'preview', leadEvents: { destinations: [{ ...local, url }] } }),
      ).toContain(
        `leadEvents.destinations.0.url: is on this machine (${new URL(url).host}): only infra/environments/local.ts may send to the local receiver`,
      );
    }
    expect(problems({ ...filledInProduction(), leadEvents: { destinations: [local] } })).toContain(
      'leadEvents.destinations.0.url: must be https in production',
    );
    expect(
      problems({
        ...filledInProduction(),
        leadEvents: { destinations: [{ ...local, url: 'https://crm.kryon.security/hook' }] },
      }),
    ).toBe('');
    // A webhook whose URL is its credential (Zapier, Make, n8n) names none: it is in its secret.
    const { url: _inTheSecret, ...zapier } = local;
    expect(problems({ ...filledInProduction(), leadEvents: { destinations: [zapier] } })).toBe('');
    expect(problems({ kind: 'preview', leadEvents: { destinations: [zapier] } })).toBe('');
  });

  it('ask of an api destination a public URL and, once deployed, the secret version its connection holds', () => {
    const api = {
      kind: 'api',
      name: 'crm-api',
      url: 'https://crm.kryon.security/api/leads',
      secret: 'kryon/crm-api-key',
      secretVersion: 'a1b2c3d4-0000-4000-8000-00000000abcd',
    } as const;
    expect(problems({ ...filledInProduction(), leadEvents: { destinations: [api] } })).toBe('');
    const { secretVersion: _unpinned, ...unpinned } = api;
    for (const env of [{ kind: 'preview' }, filledInProduction()]) {
      expect(problems({ ...env, leadEvents: { destinations: [unpinned] } })).toContain(
        'leadEvents.destinations.0.secretVersion: is required for an api destination',
      );
    }
    // local.ts is never deployed: its connection is only shown by the synth.
    expect(() =>
      parseEnvironment('infra/environments/local.ts', {
        kind: 'preview',
        leadEvents: { destinations: [{ ...unpinned, url: 'http://127.0.0.1:8010/api' }] },
      }),
    ).not.toThrow();
    expect(
      problems({
        kind: 'preview',
        leadEvents: { destinations: [{ ...api, url: 'http://127.0.0.1:8010/api' }] },
      }),
    ).toContain('leadEvents.destinations.0.url: is on this machine (127.0.0.1:8010)');
    expect(
      problems({
        kind: 'preview',
        leadEvents: { destinations: [{ ...api, url: 'http://crm.kryon.security/api' }] },
      }),
    ).toContain('leadEvents.destinations.0.url: must be an https URL');
    expect(
      problems({
        kind: 'preview',
        leadEvents: { destinations: [{ ...api, header: 'x api key' }] },
      }),
    ).toContain('leadEvents.destinations.0.header: must be an HTTP header name');
    expect(
      problems({
        kind: 'preview',
        leadEvents: { destinations: [{ ...api, secretVersion: 'v2' }] },
      }),
    ).toContain('leadEvents.destinations.0.secretVersion: must be a Secrets Manager VersionId');
    const { url: _none, ...urlless } = api;
    expect(problems({ kind: 'preview', leadEvents: { destinations: [urlless] } })).toContain(
      'leadEvents.destinations.0.url',
    );
  });

  it('name an api destination to the privacy notice as the sales tool a webhook is', () => {
    expect(destinationKinds([{ kind: 'api' }])).toBe('webhook');
    expect(destinationKinds([{ kind: 'api' }, { kind: 'webhook' }, { kind: 'slack' }])).toBe(
      'slack,webhook',
    );
  });
});
