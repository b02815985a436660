import { LEAD_FORMS } from '@kryon/shared/api';
import { describe, expect, it } from 'vitest';
import { leadKey, parseLeadKey } from './dynamodb.ts';

describe('leadKey', () => {
  it('keys a lead by its form and idempotency key', () => {
    expect(leadKey('contact', 'key-00000001')).toEqual({
      pk: 'LEAD#contact#key-00000001',
      sk: 'LEAD',
    });
  });

  it('gives the same idempotency key in two forms two keys', () => {
    expect(leadKey('contact', 'key-00000001').pk).not.toBe(leadKey('demo', 'key-00000001').pk);
  });
});

describe('parseLeadKey', () => {
  it.each(LEAD_FORMS)('reads back the key of a %s lead', (form) => {
    const { pk } = leadKey(form, 'key-00000001');
    expect(parseLeadKey(pk)).toEqual({ form, idempotencyKey: 'key-00000001' });
  });

  it.each(['a#b', '#leading', 'trailing#', '##', 'a#b#c#d'])(
    'keeps the # in the idempotency key %j',
    (idempotencyKey) => {
      const { pk } = leadKey('partner', idempotencyKey);
      expect(parseLeadKey(pk)).toEqual({ form: 'partner', idempotencyKey });
    },
  );

  it.each(['RATE#email#0f1e2d', 'RATE#ip#0f1e2d', 'RATE#contact#key-00000001'])(
    'is undefined for the rate-limit counter key %j',
    (pk) => {
      expect(parseLeadKey(pk)).toBeUndefined();
    },
  );

  it.each([
    'LEAD#newsletter#key-00000001',
    'LEAD#Contact#key-00000001',
    'LEAD#contacts#key-00000001',
    'LEAD# contact#key-00000001',
  ])('is undefined for the key of an unknown form, %j', (pk) => {
    expect(parseLeadKey(pk)).toBeUndefined();
  });

  it.each([
    '',
    'LEAD',
    'LEAD#',
    'LEAD##',
    'LEAD#contact',
    'LEAD#contact#',
    'LEAD##key-00000001',
    'lead#contact#key-00000001',
    ' LEAD#contact#key-00000001',
    'XLEAD#contact#key-00000001',
    'LEAD-contact-key-00000001',
    'contact#key-00000001',
  ])('is undefined for the malformed key %j', (pk) => {
    expect(parseLeadKey(pk)).toBeUndefined();
  });
});
