import { describe, expect, it } from 'vitest';
import { mailPresentation } from './wiring.ts';

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
