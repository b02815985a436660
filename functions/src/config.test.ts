import { LEAD_FORMS } from '@kryon/shared/api';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  challengeConfig,
  deliveryEventsConfig,
  ENVIRONMENT_VARIABLES,
  formConfig,
  formRecipients,
  healthConfig,
  leadEventDeliveryConfig,
  loggingConfig,
  readConfig,
  reportConfig,
  resendConfig,
  visitorBrakeConfig,
} from './config.ts';
import { PRICE_CURVE } from './leads/challenge-price.ts';
import { MAIL_TO, mailToVariable } from './leads/mail-to.ts';

/** What a deployed form function is given (infra/lib/forms-api.ts), less what a test varies. */
const FORM_ENV = {
  TABLE_NAME: 'leads',
  MAIL_FROM: 'Kryon <no-reply@kryon.example>',
  MAIL_TO: 'sales@kryon.example',
  SITE_ORIGIN: 'https://www.kryon.example',
  IP_HASH_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:IpHash-AbCdEf',
};
const form = (env: NodeJS.ProcessEnv) => readConfig(formConfig('contact'), env);

describe('the catalogue of variables', () => {
  it('describes every variable: what it is, its default where it has one, who needs it', () => {
    for (const [name, schema] of Object.entries(ENVIRONMENT_VARIABLES)) {
      const description = z.globalRegistry.get(schema)?.description;
      expect(description, name).toMatch(/function|Powertools|tests/);
    }
  });

  it('names the recipients variables as the stack writes them', () => {
    const names = Object.keys(ENVIRONMENT_VARIABLES).filter((name) => name.startsWith(MAIL_TO));
    expect(names.sort()).toEqual([MAIL_TO, ...LEAD_FORMS.map(mailToVariable)].sort());
  });
});

describe('readConfig', () => {
  it('names every wrong variable in one message, with what it must be', () => {
    expect(() =>
      form({ ...FORM_ENV, TABLE_NAME: ' ', REPORT_LINK_DAYS: 'a week', MAIL_TO: 'sales' }),
    ).toThrow(
      'Missing required environment variable TABLE_NAME; Environment variable MAIL_TO must list e-mail addresses separated by commas (sales@kryon.example,ops@kryon.example), not "sales"; Environment variable REPORT_LINK_DAYS must be a whole number from 1 to 90, not "a week"',
    );
  });

  it('takes a blank variable for an unset one, and trims the rest', () => {
    const config = form({ ...FORM_ENV, TABLE_NAME: ' leads ', SALES_TIME_ZONE: ' ' });
    expect(config).toMatchObject({ TABLE_NAME: 'leads', settings: { sales: { timeZone: 'UTC' } } });
  });
});

describe('the defaults', () => {
  it('are those the functions had before the schema', () => {
    expect(readConfig(loggingConfig, {})).toMatchObject({
      APP_VERSION: 'dev',
      POWERTOOLS_SERVICE_NAME: 'kryon-leads',
      POWERTOOLS_METRICS_NAMESPACE: 'Kryon/Leads',
    });
    expect(form(FORM_ENV)).toMatchObject({
      RETENTION_DAYS: 730,
      MAIL_DOMAIN_CHECK: 'dns',
      recipients: ['sales@kryon.example'],
      settings: {
        reportLink: { days: 7 },
        sales: { timeZone: 'UTC' },
        ipRateLimit: { perMinute: 20 },
        visitorMail: { perAddress: 3, perHour: 400, fromName: 'Kryon Sales' },
        unverifiedSalesMail: { perHour: 10 },
        challenge: {
          freePerWindow: PRICE_CURVE.free,
          perDoubling: PRICE_CURVE.perDoubling,
          maxLevel: PRICE_CURVE.maxLevel,
        },
      },
    });
  });
});

describe('each function needs only what it reads', () => {
  it('starts the challenge function without senders, recipients or the site origin', () => {
    expect(readConfig(challengeConfig, { TABLE_NAME: 'leads', IP_HASH_SECRET: 's' })).toMatchObject(
      { settings: { challenge: { rateLimitPerMinute: 30 } } },
    );
  });

  it('starts health, report and delivery events without recipients', () => {
    expect(() =>
      readConfig(healthConfig, { TABLE_NAME: 'leads', MAIL_FROM: 'a@kryon.example' }),
    ).not.toThrow();
    expect(() =>
      readConfig(reportConfig, {
        TABLE_NAME: 'leads',
        SITE_ORIGIN: 'https://kryon.example',
        IP_HASH_SECRET: 's',
      }),
    ).not.toThrow();
    expect(() =>
      readConfig(deliveryEventsConfig, { TABLE_NAME: 'leads', IP_HASH_SECRET: 's' }),
    ).not.toThrow();
  });

  it('starts the visitor brake with its table, whose item remembers the cool-down (decision 075)', () => {
    expect(
      readConfig(visitorBrakeConfig, {
        TABLE_NAME: 'leads',
        SES_VISITOR_CONFIGURATION_SET: 'visitor',
      }),
    ).toMatchObject({
      SES_VISITOR_CONFIGURATION_SET: 'visitor',
      settings: { visitorBrake: { coolDownMinutes: 60, maxCoolDownMinutes: 720 } },
    });
    expect(() =>
      readConfig(visitorBrakeConfig, { SES_VISITOR_CONFIGURATION_SET: 'visitor' }),
    ).toThrow('Missing required environment variable TABLE_NAME');
  });

  it.each([
    ['the form', formConfig('contact')],
    ['the challenge', challengeConfig],
    ['the report', reportConfig],
    ['the resend', resendConfig],
    ['the delivery events', deliveryEventsConfig],
  ] as const)('refuses to start %s function without the site secret', (_label, schema) => {
    const { IP_HASH_SECRET_ARN: _arn, ...env } = FORM_ENV;
    expect(() => readConfig(schema, env)).toThrow(
      'Missing required environment variable IP_HASH_SECRET_ARN or IP_HASH_SECRET',
    );
  });

  it('refuses a secret ARN that is not one', () => {
    expect(() => form({ ...FORM_ENV, IP_HASH_SECRET_ARN: 'IpHash' })).toThrow(
      /Environment variable IP_HASH_SECRET_ARN must be the ARN of a Secrets Manager secret/,
    );
  });
});

describe('recipients', () => {
  it("takes a form's own list before MAIL_TO", () => {
    const env = { MAIL_TO: 'sales@kryon.example', MAIL_TO_BETA_ACCESS: ' beta@kryon.example ' };
    expect(formRecipients('beta-access', env)).toEqual(['beta@kryon.example']);
    expect(formRecipients('contact', env)).toEqual(['sales@kryon.example']);
    expect(formRecipients('contact', { MAIL_TO_CONTACT: 'a@kryon.example' })).toEqual([
      'a@kryon.example',
    ]);
  });

  it('splits a list on commas and drops blanks', () => {
    expect(formRecipients('demo', { MAIL_TO: ' a@kryon.example, ,b@kryon.example ' })).toEqual([
      'a@kryon.example',
      'b@kryon.example',
    ]);
  });

  it.each([
    ['unset', {}, 'Missing required environment variable MAIL_TO'],
    ['blank', { MAIL_TO: ' ' }, 'Missing required environment variable MAIL_TO'],
    ['empty', { MAIL_TO: ' , ' }, 'Environment variable MAIL_TO lists nothing'],
    [
      'not addresses',
      { MAIL_TO: 'sales@kryon.example,not-an-address' },
      'Environment variable MAIL_TO must list e-mail addresses separated by commas (sales@kryon.example,ops@kryon.example), not "not-an-address"',
    ],
  ])('refuses a MAIL_TO that is %s, naming it', (_label, env, message) => {
    expect(() => formRecipients('contact', env)).toThrow(message);
  });

  it('refuses a malformed form list even when MAIL_TO is good', () => {
    expect(() =>
      formRecipients('demo', { MAIL_TO: 'sales@kryon.example', MAIL_TO_DEMO: 'Demo Team' }),
    ).toThrow(/Environment variable MAIL_TO_DEMO must list e-mail addresses/);
  });

  it('gives the resend function every form, and refuses to start if one has no one', () => {
    const env = { ...FORM_ENV, MAIL_TO: undefined, MAIL_TO_CONTACT: 'c@kryon.example' };
    expect(() => readConfig(resendConfig, env)).toThrow(
      /Missing required environment variable MAIL_TO: the recipients of partner, demo, beta-access, download leads \(or MAIL_TO_PARTNER, MAIL_TO_DEMO, MAIL_TO_BETA_ACCESS, MAIL_TO_DOWNLOAD for a form alone\)/,
    );
    const config = readConfig(resendConfig, {
      ...FORM_ENV,
      MAIL_TO_CONTACT: 'c@kryon.example',
    });
    expect(config.recipientsByForm).toMatchObject({
      contact: ['c@kryon.example'],
      partner: ['sales@kryon.example'],
      download: ['sales@kryon.example'],
    });
  });
});

describe('senders and configuration sets', () => {
  it.each([
    ['no address', 'Kryon'],
    ['two addresses', 'a@mail.kryon.example, b@mail.kryon.example'],
    ['a header break', 'Kryon <a@mail.kryon.example>\r\nBcc: eve@evil.example'],
    ['an unclosed bracket', 'Kryon <a@mail.kryon.example'],
  ])('refuses a VISITOR_MAIL_FROM and a MAIL_FROM of %s', (_label, value) => {
    expect(() => form({ ...FORM_ENV, VISITOR_MAIL_FROM: value })).toThrow(
      /Environment variable VISITOR_MAIL_FROM must be a From address/,
    );
    expect(() => form({ ...FORM_ENV, MAIL_FROM: value })).toThrow(
      /Environment variable MAIL_FROM must be a From address/,
    );
  });

  it('needs MAIL_FROM where mail is sent', () => {
    expect(() => form({ ...FORM_ENV, MAIL_FROM: undefined })).toThrow(
      'Missing required environment variable MAIL_FROM',
    );
  });

  it.each([
    ['SES_CONFIGURATION_SET', 'kryon sales'],
    ['SES_VISITOR_CONFIGURATION_SET', 'kryon.visitor'],
    ['SES_VISITOR_CONFIGURATION_SET', 'x'.repeat(65)],
  ])('refuses %s not a configuration set name: %s', (name, value) => {
    expect(() => form({ ...FORM_ENV, [name]: value })).toThrow(
      new RegExp(`Environment variable ${name} must be an SES configuration set name`),
    );
  });
});

describe('the visitor brake', () => {
  it.each([
    ['unset', {}],
    ['blank', { SES_VISITOR_CONFIGURATION_SET: ' ' }],
  ])('refuses to start when the visitor set is %s: there is nothing it may pause', (_l, env) => {
    expect(() => readConfig(visitorBrakeConfig, { TABLE_NAME: 'leads', ...env })).toThrow(
      'Missing required environment variable SES_VISITOR_CONFIGURATION_SET',
    );
  });

  it('refuses to start when the visitor set is the sales set: it must never pause sales', () => {
    expect(() =>
      readConfig(visitorBrakeConfig, {
        TABLE_NAME: 'leads',
        SES_CONFIGURATION_SET: 'kryon-leads',
        SES_VISITOR_CONFIGURATION_SET: ' kryon-leads ',
      }),
    ).toThrow(/names the sales configuration set \("kryon-leads"\)/);
  });

  it('refuses a name SES would not take', () => {
    expect(() =>
      readConfig(visitorBrakeConfig, { SES_VISITOR_CONFIGURATION_SET: 'kryon visitor' }),
    ).toThrow(/SES_VISITOR_CONFIGURATION_SET must be an SES configuration set name/);
  });

  it('refuses a longest cool-down shorter than the first: the doubling starts there', () => {
    expect(() =>
      readConfig(visitorBrakeConfig, {
        TABLE_NAME: 'leads',
        SES_VISITOR_CONFIGURATION_SET: 'visitor',
        VISITOR_BRAKE_COOL_DOWN_MINUTES: '120',
        VISITOR_BRAKE_MAX_COOL_DOWN_MINUTES: '60',
      }),
    ).toThrow(/VISITOR_BRAKE_MAX_COOL_DOWN_MINUTES must be at least coolDownMinutes/);
    expect(() =>
      readConfig(visitorBrakeConfig, {
        TABLE_NAME: 'leads',
        SES_VISITOR_CONFIGURATION_SET: 'visitor',
        VISITOR_BRAKE_COOL_DOWN_MINUTES: '0',
      }),
    ).toThrow(/VISITOR_BRAKE_COOL_DOWN_MINUTES must be a whole number from 60 to 10080/);
  });
});

describe('how the e-mails read', () => {
  it('takes an IANA zone and a sender name', () => {
    expect(
      form({
        ...FORM_ENV,
        SALES_TIME_ZONE: ' Europe/Berlin ',
        VISITOR_MAIL_FROM_NAME: 'Kryon Vertrieb',
      }),
    ).toMatchObject({
      settings: {
        sales: { timeZone: 'Europe/Berlin' },
        visitorMail: { fromName: 'Kryon Vertrieb' },
      },
    });
  });

  it.each(['Europe/Berlinn', 'CET+1', 'Mars/Olympus_Mons'])(
    'refuses a zone it does not know: %s',
    (zone) => {
      expect(() => form({ ...FORM_ENV, SALES_TIME_ZONE: zone })).toThrow(
        `Environment variable SALES_TIME_ZONE must be an IANA time zone (Europe/Berlin, America/New_York, UTC), not "${zone}"`,
      );
    },
  );

  it.each([
    ['a header break', 'Kryon Sales\r\nBcc: eve@evil.example'],
    ['an address', 'Kryon <sales@kryon.example>'],
    ['a bidi control', 'Kryon \u202eselaS'],
    ['an encoded word', '=?UTF-8?B?4oCu?='],
  ])('refuses a sender name holding %s', (_label, name) => {
    expect(() => form({ ...FORM_ENV, VISITOR_MAIL_FROM_NAME: name })).toThrow(
      /Environment variable VISITOR_MAIL_FROM_NAME holds/,
    );
  });
});

describe('numbers', () => {
  it('takes RETENTION_DAYS as a whole number of at least 1', () => {
    expect(form({ ...FORM_ENV, RETENTION_DAYS: ' 12 ' })).toMatchObject({ RETENTION_DAYS: 12 });
    for (const value of ['0', '-1', '1.5', 'lots']) {
      expect(() => form({ ...FORM_ENV, RETENTION_DAYS: value })).toThrow(
        'Environment variable RETENTION_DAYS must be a whole number of at least 1',
      );
    }
  });

  it('takes the price curve, and refuses one that cannot work', () => {
    expect(
      form({
        ...FORM_ENV,
        CHALLENGE_FREE_PER_WINDOW: '0',
        CHALLENGE_PER_DOUBLING: '5',
        CHALLENGE_MAX_LEVEL: '2',
      }).settings.challenge,
    ).toMatchObject({ freePerWindow: 0, perDoubling: 5, maxLevel: 2 });
    expect(() => form({ ...FORM_ENV, CHALLENGE_PER_DOUBLING: '0' })).toThrow(
      'Environment variable CHALLENGE_PER_DOUBLING must be a whole number from 1 to 100000',
    );
    expect(() => form({ ...FORM_ENV, CHALLENGE_MAX_LEVEL: '9' })).toThrow(
      'Environment variable CHALLENGE_MAX_LEVEL must be a whole number from 0 to 6',
    );
    expect(() => form({ ...FORM_ENV, CHALLENGE_FREE_PER_WINDOW: 'lots' })).toThrow(
      'Environment variable CHALLENGE_FREE_PER_WINDOW must be a whole number',
    );
  });

  it('takes the challenge limit and the digests an hour', () => {
    expect(() =>
      readConfig(challengeConfig, { ...FORM_ENV, CHALLENGE_RATE_LIMIT_PER_MINUTE: '0' }),
    ).toThrow(
      'Environment variable CHALLENGE_RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 10000',
    );
    expect(
      readConfig(resendConfig, { ...FORM_ENV, SALES_DIGESTS_PER_HOUR: '2' }).settings.sales,
    ).toMatchObject({ digestsPerHour: 2 });
  });
});

describe('MAIL_DOMAIN_CHECK', () => {
  it('is dns or off', () => {
    expect(form({ ...FORM_ENV, MAIL_DOMAIN_CHECK: ' off ' }).MAIL_DOMAIN_CHECK).toBe('off');
    expect(() => form({ ...FORM_ENV, MAIL_DOMAIN_CHECK: 'yes' })).toThrow(
      'Environment variable MAIL_DOMAIN_CHECK must be "dns" or "off", not "yes"',
    );
  });
});

describe('LEAD_EVENT_DESTINATIONS', () => {
  const slack = {
    name: 'sales-slack',
    kind: 'slack',
    secretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/slack-AbCdEf',
    queueArn: 'arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-sales-slack',
    perSecond: 1,
  };
  const crm = {
    name: 'crm',
    kind: 'webhook',
    url: 'https://crm.example/hooks/kryon',
    secretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/crm-AbCdEf',
    queueArn: 'arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-crm',
    perSecond: 5,
  };
  const read = (value: string | undefined) =>
    readConfig(leadEventDeliveryConfig, { TABLE_NAME: 'leads', LEAD_EVENT_DESTINATIONS: value });
  const refusal = (value: unknown) =>
    `Environment variable LEAD_EVENT_DESTINATIONS must be a JSON array of destinations ({ name, kind, url?, secretArn, queueArn, perSecond }): ${value}`;

  it('takes the stack’s JSON array of destinations', () => {
    expect(read(` ${JSON.stringify([slack, crm])} `).LEAD_EVENT_DESTINATIONS).toEqual([slack, crm]);
    // A webhook whose URL is its credential (Zapier, Make, n8n) keeps it in its secret.
    const { url: _inTheSecret, ...zapier } = { ...crm, name: 'zapier' };
    expect(read(JSON.stringify([slack, zapier])).LEAD_EVENT_DESTINATIONS).toEqual([slack, zapier]);
    expect(read('[]').LEAD_EVENT_DESTINATIONS).toEqual([]);
  });

  it('gives Slack the times in SALES_TIME_ZONE, as the sales e-mail, refusing a zone it does not know', () => {
    const destinations = JSON.stringify([slack]);
    const delivery = (env: NodeJS.ProcessEnv) =>
      readConfig(leadEventDeliveryConfig, {
        TABLE_NAME: 'leads',
        LEAD_EVENT_DESTINATIONS: destinations,
        ...env,
      });
    expect(delivery({ SALES_TIME_ZONE: ' Europe/Berlin ' }).settings).toEqual({
      sales: { timeZone: 'Europe/Berlin' },
    });
    expect(delivery({}).settings).toEqual({ sales: { timeZone: 'UTC' } });
    expect(delivery({ SALES_TIME_ZONE: ' ' }).settings).toEqual({ sales: { timeZone: 'UTC' } });
    for (const zone of ['Europe/Berlinn', 'CET+1', 'Mars/Olympus_Mons']) {
      const refusal = `Environment variable SALES_TIME_ZONE must be an IANA time zone (Europe/Berlin, America/New_York, UTC), not "${zone}"`;
      expect(() => delivery({ SALES_TIME_ZONE: zone })).toThrow(refusal);
      // The same words as the form function's, which mails the same lead.
      expect(() => form({ ...FORM_ENV, SALES_TIME_ZONE: zone })).toThrow(refusal);
    }
  });

  it('refuses to start without it, or with anything else, naming the variable and the fault', () => {
    expect(() => read(undefined)).toThrow(
      'Missing required environment variable LEAD_EVENT_DESTINATIONS',
    );
    expect(() => read('{not json')).toThrow(refusal('it is not JSON'));
    expect(() => read(JSON.stringify(slack))).toThrow(refusal('is not an array'));
    expect(() => read(JSON.stringify([{ ...slack, queueArn: 'kryon-queue' }]))).toThrow(
      refusal('[0].queueArn must be the ARN of an SQS queue'),
    );
    expect(() => read(JSON.stringify([slack, { ...crm, perSecond: 0 }]))).toThrow(
      refusal('[1].perSecond must be a whole number from 1 to 50'),
    );
    expect(() => read(JSON.stringify([{ ...crm, url: 'http://crm.example/hook' }]))).toThrow(
      refusal('[0].url must be an https URL, not on this machine, with no user or password'),
    );
    // The local receiver's address is the Lambda Runtime API's inside a function: never here.
    for (const url of ['http://127.0.0.1:8010/webhook', 'http://127.0.0.1:9001/x']) {
      expect(() => read(JSON.stringify([{ ...crm, url }]))).toThrow(
        refusal('[0].url must be an https URL, not on this machine, with no user or password'),
      );
    }
    expect(() => read(JSON.stringify([{ ...slack, url: 'https://hooks.slack.com/x' }]))).toThrow(
      refusal('[0].url a Slack destination has no url (its URL is in its secret)'),
    );
    expect(() => read(JSON.stringify([{ ...slack, kind: 'email' }]))).toThrow(
      refusal('[0].kind must be "slack" or "webhook"'),
    );
    expect(() => read(JSON.stringify([{ ...slack, secretArn: 'kryon/slack' }]))).toThrow(
      /\[0\]\.secretArn must be the ARN of a Secrets Manager secret/,
    );
    expect(() => read(JSON.stringify([{ ...slack, extra: 1 }]))).toThrow(
      refusal('[0] has a key it does not know: extra'),
    );
    expect(() => read(JSON.stringify([slack, { ...crm, name: 'sales-slack' }]))).toThrow(
      refusal('names two destinations alike'),
    );
    expect(() => read(JSON.stringify([slack, { ...crm, queueArn: slack.queueArn }]))).toThrow(
      refusal('names one queue for two destinations'),
    );
  });
});
