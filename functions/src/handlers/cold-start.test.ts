import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_ENV } from './contact-env.fixture.ts';

/*
 * A function whose configuration is wrong must not start: importing its handler module (what
 * Lambda's init phase does) throws, naming the variable, instead of a visitor's request
 * answering 503 (decision 066). Each import here is a fresh cold start: vi.resetModules().
 */

let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
  vi.resetModules();
});
afterEach(() => {
  for (const name of Object.keys(process.env)) {
    if (!(name in saved)) delete process.env[name];
  }
  Object.assign(process.env, saved);
});

/** The environment of one cold start: CONTACT_ENV with `changes`; undefined unsets. */
function environment(changes: Record<string, string | undefined> = {}) {
  for (const name of [...Object.keys(CONTACT_ENV), ...Object.keys(changes)]) {
    delete process.env[name];
  }
  for (const [name, value] of Object.entries({ ...CONTACT_ENV, ...changes })) {
    if (value !== undefined) process.env[name] = value;
  }
}

describe('the contact function at cold start', () => {
  it('starts with a good environment', async () => {
    environment();
    const module = await import('./contact.ts');
    expect(module.handler).toBeTypeOf('function');
  });

  it('refuses to start with a MAIL_TO that is not an address, naming MAIL_TO', async () => {
    environment({ MAIL_TO: 'not-an-address' });
    await expect(import('./contact.ts')).rejects.toThrow(
      /Environment variable MAIL_TO must list e-mail addresses .*not "not-an-address"/,
    );
  });

  it('refuses to start without MAIL_TO, naming MAIL_TO', async () => {
    environment({ MAIL_TO: undefined });
    await expect(import('./contact.ts')).rejects.toThrow(
      'Missing required environment variable MAIL_TO',
    );
  });

  it('starts with its own list alone (MAIL_TO_CONTACT)', async () => {
    environment({ MAIL_TO: undefined, MAIL_TO_CONTACT: 'contact@kryon.example' });
    await expect(import('./contact.ts')).resolves.toHaveProperty('handler');
  });
});

describe('other functions at cold start', () => {
  it('starts the challenge function without the recipients it never reads', async () => {
    environment({ MAIL_TO: 'not-an-address', MAIL_FROM: undefined, SITE_ORIGIN: undefined });
    await expect(import('./challenge.ts')).resolves.toHaveProperty('handler');
  });

  it('refuses to start the resend function when one form has no recipients', async () => {
    environment({ MAIL_TO: undefined, MAIL_TO_CONTACT: 'contact@kryon.example' });
    await expect(import('./resend.ts')).rejects.toThrow(
      /Missing required environment variable MAIL_TO: the recipients of partner, demo, beta-access, download leads \(or MAIL_TO_PARTNER, MAIL_TO_DEMO, MAIL_TO_BETA_ACCESS, MAIL_TO_DOWNLOAD for a form alone\)/,
    );
  });

  it('refuses to start the report function without SITE_ORIGIN', async () => {
    environment({ SITE_ORIGIN: ' ' });
    await expect(import('./report.ts')).rejects.toThrow(
      'Missing required environment variable SITE_ORIGIN',
    );
  });

  it('refuses to start the visitor brake pointed at the sales set', async () => {
    environment({ SES_VISITOR_CONFIGURATION_SET: 'kryon-sales' });
    await expect(import('./visitor-brake.ts')).rejects.toThrow(
      /SES_VISITOR_CONFIGURATION_SET names the sales configuration set/,
    );
  });
});

describe('the lead-event delivery function at cold start', () => {
  const destination = {
    name: 'crm',
    kind: 'webhook',
    url: 'https://crm.example/hooks/kryon',
    secretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/crm-AbCdEf',
    queueArn: 'arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-crm',
    perSecond: 5,
  };

  it('starts with its destinations and the table (erased leads), without the form functions’ variables', async () => {
    environment({
      TABLE_NAME: 'leads',
      MAIL_TO: undefined,
      MAIL_FROM: undefined,
      SITE_ORIGIN: undefined,
      LEAD_EVENT_DESTINATIONS: JSON.stringify([destination]),
    });
    await expect(import('./lead-event-delivery.ts')).resolves.toHaveProperty('handler');
  });

  it('refuses to start with a destination it cannot use, naming LEAD_EVENT_DESTINATIONS', async () => {
    environment({ LEAD_EVENT_DESTINATIONS: JSON.stringify([{ ...destination, perSecond: 500 }]) });
    await expect(import('./lead-event-delivery.ts')).rejects.toThrow(
      /Environment variable LEAD_EVENT_DESTINATIONS must be a JSON array of destinations .*\[0\]\.perSecond must be a whole number from 1 to 50/,
    );
    environment({ LEAD_EVENT_DESTINATIONS: undefined });
    vi.resetModules();
    await expect(import('./lead-event-delivery.ts')).rejects.toThrow(
      'Missing required environment variable LEAD_EVENT_DESTINATIONS',
    );
  });
});
