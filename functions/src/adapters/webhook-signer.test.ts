import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  checkSecret,
  newWebhookSecret,
  type WebhookHeaders,
  webhookSigner,
} from './webhook-signer.ts';

// Fixed secrets in the specification's form (32 bytes each), so a failure is reproducible.
const CURRENT = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const PREVIOUS = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const PAYLOAD = { version: 1, id: 'evt_9fd81c29b604074062de3cd12fd584a3', type: 'lead.accepted' };

/** What a receiver written with the reference library answers: the payload, or why not. */
function verify(secret: string, body: string, headers: WebhookHeaders | Record<string, string>) {
  try {
    return { payload: new Webhook(secret).verify(body, headers) };
  } catch (error) {
    return { refused: error instanceof WebhookVerificationError ? error.message : String(error) };
  }
}

describe('webhookSigner', () => {
  it('signs a delivery the reference library verifies, with the three headers', () => {
    const at = new Date();
    const { headers, body } = webhookSigner([CURRENT]).signJson({
      id: PAYLOAD.id,
      payload: PAYLOAD,
      at,
    });

    expect(headers).toEqual({
      'webhook-id': PAYLOAD.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      'content-type': 'application/json',
    });
    expect(body).toBe(JSON.stringify(PAYLOAD));
    expect(verify(CURRENT, body, headers)).toEqual({ payload: PAYLOAD });
  });

  it('signs once per secret during a rotation: a receiver with either one verifies', () => {
    const { headers, body } = webhookSigner([CURRENT, PREVIOUS]).signJson({
      id: PAYLOAD.id,
      payload: PAYLOAD,
    });

    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verify(CURRENT, body, headers)).toEqual({ payload: PAYLOAD });
    expect(verify(PREVIOUS, body, headers)).toEqual({ payload: PAYLOAD });
  });

  it('signs a secret given twice once', () => {
    const { headers } = webhookSigner([CURRENT, CURRENT]).sign({ id: 'evt_1', body: '{}' });

    expect(headers['webhook-signature'].split(' ')).toHaveLength(1);
  });

  it('gives a refusal for a tampered body, an old timestamp and a wrong secret', () => {
    const signer = webhookSigner([CURRENT, PREVIOUS]);
    const { headers, body } = signer.signJson({ id: PAYLOAD.id, payload: PAYLOAD });
    const stale = signer.signJson({
      id: PAYLOAD.id,
      payload: PAYLOAD,
      // The library's tolerance is five minutes.
      at: new Date(Date.now() - 6 * 60_000),
    });

    expect(verify(CURRENT, body.replace('lead.accepted', 'lead.erased'), headers)).toEqual({
      refused: 'No matching signature found',
    });
    expect(
      verify(CURRENT, body, { ...headers, 'webhook-id': 'evt_00000000000000000000000000000000' }),
    ).toEqual({ refused: 'No matching signature found' });
    expect(verify(CURRENT, stale.body, stale.headers)).toEqual({
      refused: 'Message timestamp too old',
    });
    expect(verify(newWebhookSecret(), body, headers)).toEqual({
      refused: 'No matching signature found',
    });
  });

  it('refuses to sign without a secret, or under an id that would break the header', () => {
    expect(() => webhookSigner([])).toThrow('at least one secret');
    const signer = webhookSigner([CURRENT]);
    for (const id of ['', 'evt 1', 'evt_1\r\nx-injected: 1', 'é']) {
      expect(() => signer.sign({ id, body: '{}' })).toThrow('visible ASCII');
    }
  });
});

describe('checkSecret', () => {
  it('takes a whsec_ secret of 24 to 64 bytes', () => {
    expect(() => checkSecret(newWebhookSecret())).not.toThrow();
    expect(() => checkSecret(`whsec_${Buffer.alloc(24).toString('base64')}`)).not.toThrow();
    expect(() => checkSecret(`whsec_${Buffer.alloc(64).toString('base64')}`)).not.toThrow();
  });

  it('refuses any other secret, without ever naming it', () => {
    const refused = [
      Buffer.alloc(32).toString('base64'),
      `whsec_${Buffer.alloc(16).toString('base64')}`,
      `whsec_${Buffer.alloc(65).toString('base64')}`,
      'whsec_not base64 at all!!',
      'whsec_',
    ];
    for (const secret of refused) {
      expect(() => webhookSigner([CURRENT, secret])).toThrow(/^Webhook secret 2 of 2 /);
      try {
        checkSecret(secret);
      } catch (error) {
        expect(String(error)).not.toContain(secret.slice(6) || '\u0000');
      }
    }
  });
});
