import { describe, expect, it } from 'vitest';
import {
  challengeConfig,
  formConfig,
  healthConfig,
  leadEventDeliveryConfig,
  readConfig,
  resendConfig,
} from './config.ts';
import { PRICE_CURVE } from './leads/challenge-price.ts';
import { deliverLeadEvent } from './leads/deliver-event.ts';
import { leadErased } from './leads/lead-events.ts';
import type { SlackMessage } from './leads/slack-message.ts';
import {
  challengeRateLimit,
  leadEventDeliveryDeps,
  mailDomainCheck,
  mailerOptions,
  priceCurve,
  resendDeps,
  visitorMailBudgets,
} from './wiring.ts';

const sending = (env: NodeJS.ProcessEnv) =>
  mailerOptions(
    readConfig(healthConfig, {
      TABLE_NAME: 'leads',
      MAIL_FROM: 'Kryon <no-reply@kryon.example>',
      ...env,
    }),
  );

describe('mailerOptions', () => {
  it('sends sales mail with SES_CONFIGURATION_SET and visitor mail with its own set', () => {
    expect(
      sending({
        SES_CONFIGURATION_SET: ' kryon-sales ',
        SES_VISITOR_CONFIGURATION_SET: 'kryon-visitor',
      }),
    ).toMatchObject({ configurationSet: 'kryon-sales', visitorConfigurationSet: 'kryon-visitor' });
  });

  it('sends visitor mail with the sales set when no visitor set is configured', () => {
    expect(sending({ SES_CONFIGURATION_SET: 'kryon-sales' })).toMatchObject({
      configurationSet: 'kryon-sales',
      visitorConfigurationSet: 'kryon-sales',
    });
    expect(sending({ SES_VISITOR_CONFIGURATION_SET: ' ' })).toMatchObject({
      configurationSet: undefined,
      visitorConfigurationSet: undefined,
    });
  });

  it('sends visitor mail from VISITOR_MAIL_FROM when set, else from MAIL_FROM', () => {
    expect(sending({ VISITOR_MAIL_FROM: ' Kryon <no-reply@mail.kryon.example> ' })).toMatchObject({
      from: 'Kryon <no-reply@kryon.example>',
      visitorFrom: 'Kryon <no-reply@mail.kryon.example>',
    });
    expect(sending({ VISITOR_MAIL_FROM: 'no-reply@mail.kryon.example' })).toMatchObject({
      visitorFrom: 'no-reply@mail.kryon.example',
    });
    expect(sending({ VISITOR_MAIL_FROM: ' ' }).visitorFrom).toBeUndefined();
    expect(sending({}).visitorFrom).toBeUndefined();
  });

  it('names the identity the health probe asks about, when given', () => {
    expect(sending({ SES_IDENTITY: ' kryon.example ' }).identity).toBe('kryon.example');
    expect(sending({}).identity).toBeUndefined();
  });
});

describe('the challenge price and limits', () => {
  it('are read from the configuration the functions are given', () => {
    const challenge = readConfig(challengeConfig, {
      TABLE_NAME: 'leads',
      IP_HASH_SECRET: 's',
      CHALLENGE_FREE_PER_WINDOW: '80',
      CHALLENGE_PER_DOUBLING: '40',
      CHALLENGE_MAX_LEVEL: '3',
      CHALLENGE_RATE_LIMIT_PER_MINUTE: '12',
    });
    expect(priceCurve(challenge)).toEqual({
      ...PRICE_CURVE,
      free: 80,
      perDoubling: 40,
      maxLevel: 3,
    });
    expect(challengeRateLimit(challenge)).toEqual({ max: 12, windowMs: 60_000 });
    const form = readConfig(formConfig('demo'), {
      TABLE_NAME: 'leads',
      MAIL_FROM: 'no-reply@kryon.example',
      MAIL_TO: 'sales@kryon.example',
      SITE_ORIGIN: 'https://kryon.example',
      IP_HASH_SECRET: 's',
      VISITOR_MAIL_PER_HOUR: '250',
      VISITOR_MAIL_PER_ADDRESS: '2',
    });
    expect(visitorMailBudgets(form)).toEqual({
      perAddress: { max: 2, windowMs: 86_400_000 },
      perHour: { max: 250, windowMs: 3_600_000 },
    });
  });
});

describe('the re-send', () => {
  it('lists as many held leads of one network a digest hour as the setting says', () => {
    const config = readConfig(resendConfig, {
      TABLE_NAME: 'leads',
      MAIL_FROM: 'no-reply@kryon.example',
      MAIL_TO: 'sales@kryon.example',
      SITE_ORIGIN: 'https://kryon.example',
      IP_HASH_SECRET: 's',
      SALES_DIGEST_LEADS_PER_NETWORK: '8',
    });
    expect(resendDeps({ current: 's' }, config).config.digestLeadsPerNetwork).toBe(8);
  });
});

describe('the lead-event delivery', () => {
  /** The footer of the Slack message the delivery function's own deps post, for `env`. */
  async function slackFooter(env: NodeJS.ProcessEnv): Promise<string> {
    const config = readConfig(leadEventDeliveryConfig, {
      TABLE_NAME: 'leads',
      LEAD_EVENT_DESTINATIONS: '[]',
      ...env,
    });
    const bodies: string[] = [];
    const result = await deliverLeadEvent(
      {
        destination: { name: 'sales-slack', kind: 'slack' },
        event: leadErased({ form: 'demo', submissionId: 'lead-1' }, '2026-11-24T08:01:46.220Z'),
      },
      {
        ...leadEventDeliveryDeps(config),
        // Only where the message goes is replaced: no secret is read, nothing leaves.
        credential: async () => ({ kind: 'slack', url: 'https://hooks.slack.com/services/T/B/x' }),
        post: async (request) => {
          bodies.push(request.body);
          return { status: 200 };
        },
      },
    );
    expect(result).toEqual({ ok: true, status: 200 });
    const footer = (JSON.parse(bodies[0] ?? '{}') as SlackMessage).blocks.at(-1);
    return footer?.type === 'context' ? (footer.elements[0]?.text ?? '') : '';
  }

  it('gives Slack the times in SALES_TIME_ZONE, as the sales e-mail, and UTC when unset', async () => {
    expect(await slackFooter({ SALES_TIME_ZONE: 'Europe/Berlin' })).toBe(
      'Tue 24 Nov 2026, 09:01 CET · Demo request · Lead lead-1',
    );
    expect(await slackFooter({})).toBe('Tue 24 Nov 2026, 08:01 UTC · Demo request · Lead lead-1');
  });
});

describe('mailDomainCheck', () => {
  it('asks DNS when set to dns, one check per warm function', () => {
    const check = mailDomainCheck({ MAIL_DOMAIN_CHECK: 'dns', AWS_REGION: undefined });
    expect(check).toBeDefined();
    expect(mailDomainCheck({ MAIL_DOMAIN_CHECK: 'dns', AWS_REGION: 'eu-west-1' })).toBe(check);
  });

  it('checks nothing when off', () => {
    expect(mailDomainCheck({ MAIL_DOMAIN_CHECK: 'off', AWS_REGION: undefined })).toBeUndefined();
  });
});
