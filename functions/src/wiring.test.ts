import { describe, expect, it } from 'vitest';
import { PRICE_CURVE } from './leads/challenge-price.ts';
import { challengeRateLimit, mailPresentation, priceCurve, visitorMailBudgets } from './wiring.ts';

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
