import { describe, expect, it } from 'vitest';
import { PRICE_CURVE } from './leads/challenge-price.ts';
import {
  challengeRateLimit,
  mailDomainCheck,
  mailerOptions,
  mailPresentation,
  priceCurve,
  visitorBrakeConfigurationSet,
  visitorMailBudgets,
} from './wiring.ts';

describe('visitorBrakeConfigurationSet', () => {
  it('is the visitor set, apart from the sales set', () => {
    expect(
      visitorBrakeConfigurationSet({
        SES_CONFIGURATION_SET: 'kryon-sales',
        SES_VISITOR_CONFIGURATION_SET: ' kryon-visitor ',
      }),
    ).toBe('kryon-visitor');
    // The brake's function may be given the visitor set alone.
    expect(visitorBrakeConfigurationSet({ SES_VISITOR_CONFIGURATION_SET: 'kryon-visitor' })).toBe(
      'kryon-visitor',
    );
  });

  it.each([
    ['unset', {}],
    ['blank', { SES_VISITOR_CONFIGURATION_SET: ' ' }],
  ])('refuses to start when the visitor set is %s: there is nothing it may pause', (_l, env) => {
    expect(() => visitorBrakeConfigurationSet(env)).toThrow(
      'Missing required environment variable SES_VISITOR_CONFIGURATION_SET',
    );
  });

  it('refuses to start when the visitor set is the sales set: it must never pause sales', () => {
    expect(() =>
      visitorBrakeConfigurationSet({
        SES_CONFIGURATION_SET: 'kryon-leads',
        SES_VISITOR_CONFIGURATION_SET: 'kryon-leads',
      }),
    ).toThrow(/names the sales configuration set \("kryon-leads"\)/);
  });

  it('refuses a name SES would not take', () => {
    expect(() =>
      visitorBrakeConfigurationSet({ SES_VISITOR_CONFIGURATION_SET: 'kryon visitor' }),
    ).toThrow(/SES_VISITOR_CONFIGURATION_SET must be an SES configuration set name/);
  });
});

describe('mailerOptions', () => {
  const from = { MAIL_FROM: 'Kryon <no-reply@kryon.example>' };

  it('sends sales mail with SES_CONFIGURATION_SET and visitor mail with its own set', () => {
    expect(
      mailerOptions({
        ...from,
        SES_CONFIGURATION_SET: ' kryon-sales ',
        SES_VISITOR_CONFIGURATION_SET: 'kryon-visitor',
      }),
    ).toMatchObject({ configurationSet: 'kryon-sales', visitorConfigurationSet: 'kryon-visitor' });
  });

  it('sends visitor mail with the sales set when no visitor set is configured', () => {
    expect(mailerOptions({ ...from, SES_CONFIGURATION_SET: 'kryon-sales' })).toMatchObject({
      configurationSet: 'kryon-sales',
      visitorConfigurationSet: 'kryon-sales',
    });
    expect(mailerOptions({ ...from, SES_VISITOR_CONFIGURATION_SET: ' ' })).toMatchObject({
      configurationSet: undefined,
      visitorConfigurationSet: undefined,
    });
  });

  it('sends visitor mail from VISITOR_MAIL_FROM when set, else from MAIL_FROM', () => {
    expect(
      mailerOptions({ ...from, VISITOR_MAIL_FROM: ' Kryon <no-reply@mail.kryon.example> ' }),
    ).toMatchObject({
      from: 'Kryon <no-reply@kryon.example>',
      visitorFrom: 'Kryon <no-reply@mail.kryon.example>',
    });
    expect(
      mailerOptions({ ...from, VISITOR_MAIL_FROM: 'no-reply@mail.kryon.example' }),
    ).toMatchObject({
      visitorFrom: 'no-reply@mail.kryon.example',
    });
    expect(mailerOptions({ ...from, VISITOR_MAIL_FROM: ' ' }).visitorFrom).toBeUndefined();
    expect(mailerOptions(from).visitorFrom).toBeUndefined();
  });

  it.each([
    ['no address', 'Kryon'],
    ['two addresses', 'a@mail.kryon.example, b@mail.kryon.example'],
    ['a header break', 'Kryon <a@mail.kryon.example>\r\nBcc: eve@evil.example'],
    ['an unclosed bracket', 'Kryon <a@mail.kryon.example'],
  ])('fails at start with a VISITOR_MAIL_FROM of %s', (_label, value) => {
    expect(() => mailerOptions({ ...from, VISITOR_MAIL_FROM: value })).toThrow(
      /VISITOR_MAIL_FROM must be a From address/,
    );
  });

  it.each([
    ['two addresses', 'a@kryon.example, b@kryon.example'],
    ['a header break', 'Kryon <a@kryon.example>\r\nBcc: eve@evil.example'],
  ])('fails at start with a MAIL_FROM of %s, and without one', (_label, value) => {
    expect(() => mailerOptions({ MAIL_FROM: value })).toThrow(/MAIL_FROM must be a From address/);
    expect(() => mailerOptions({})).toThrow(/MAIL_FROM/);
  });

  it.each([
    ['SES_CONFIGURATION_SET', 'kryon sales'],
    ['SES_VISITOR_CONFIGURATION_SET', 'kryon.visitor'],
    ['SES_VISITOR_CONFIGURATION_SET', 'x'.repeat(65)],
  ])('fails at start with %s not a configuration set name: %s', (name, value) => {
    expect(() => mailerOptions({ ...from, [name]: value })).toThrow(
      new RegExp(`${name} must be an SES configuration set name`),
    );
  });
});

describe('mailPresentation', () => {
  it('gives sales times in UTC and signs visitor e-mails "Kryon Sales" by default', () => {
    expect(mailPresentation({})).toEqual({ salesTimeZone: 'UTC', visitorFromName: 'Kryon Sales' });
  });

  it('takes an IANA zone and a sender name from the environment', () => {
    expect(
      mailPresentation({
        SALES_TIME_ZONE: ' Europe/Berlin ',
        VISITOR_MAIL_FROM_NAME: 'Kryon Vertrieb',
      }),
    ).toEqual({ salesTimeZone: 'Europe/Berlin', visitorFromName: 'Kryon Vertrieb' });
  });

  it.each(['Europe/Berlinn', 'CET+1', 'Mars/Olympus_Mons'])(
    'fails at start with a zone it does not know: %s',
    (zone) => {
      expect(() => mailPresentation({ SALES_TIME_ZONE: zone })).toThrow(
        /SALES_TIME_ZONE must be an IANA time zone/,
      );
    },
  );

  it.each([
    ['a header break', 'Kryon Sales\r\nBcc: eve@evil.example'],
    ['an address', 'Kryon <sales@kryon.example>'],
    ['a bidi control', 'Kryon \u202eselaS'],
    ['an encoded word', '=?UTF-8?B?4oCu?='],
  ])('fails at start with a sender name holding %s', (_label, name) => {
    expect(() => mailPresentation({ VISITOR_MAIL_FROM_NAME: name })).toThrow(
      /VISITOR_MAIL_FROM_NAME/,
    );
  });
});

describe('the challenge price and limits', () => {
  it('defaults to the curve of decision 051, 30 challenges a minute and 400 confirmations an hour', () => {
    expect(priceCurve({})).toEqual(PRICE_CURVE);
    expect(challengeRateLimit({})).toEqual({ max: 30, windowMs: 60_000 });
    expect(visitorMailBudgets({}).ceiling).toEqual({ max: 400, windowMs: 3_600_000 });
  });

  it('takes the curve from the environment, and refuses one that cannot work when it starts', () => {
    expect(
      priceCurve({
        CHALLENGE_FREE_PER_WINDOW: '0',
        CHALLENGE_PER_DOUBLING: '5',
        CHALLENGE_MAX_LEVEL: '2',
      }),
    ).toEqual({ ...PRICE_CURVE, free: 0, perDoubling: 5, maxLevel: 2 });
    expect(() => priceCurve({ CHALLENGE_PER_DOUBLING: '0' })).toThrow(/doubling/);
    expect(() => priceCurve({ CHALLENGE_MAX_LEVEL: '9' })).toThrow(/level/);
    expect(() => priceCurve({ CHALLENGE_FREE_PER_WINDOW: 'lots' })).toThrow(
      /CHALLENGE_FREE_PER_WINDOW/,
    );
  });
});

describe('mailDomainCheck', () => {
  it('asks DNS by default and when set to dns, one check per warm function', () => {
    const check = mailDomainCheck({});
    expect(check).toBeDefined();
    expect(mailDomainCheck({ MAIL_DOMAIN_CHECK: ' dns ' })).toBe(check);
  });

  it('checks nothing when off, and refuses any other value when the function starts', () => {
    expect(mailDomainCheck({ MAIL_DOMAIN_CHECK: 'off' })).toBeUndefined();
    expect(() => mailDomainCheck({ MAIL_DOMAIN_CHECK: 'yes' })).toThrow(
      'Environment variable MAIL_DOMAIN_CHECK must be "dns" or "off", not "yes"',
    );
  });
});
