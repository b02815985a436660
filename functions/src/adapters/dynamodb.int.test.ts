import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulators } from '../../test/integration.ts';
import type { LeadStore } from '../leads/ports.ts';
import { createDynamoLeadStore } from './dynamodb.ts';

let store: LeadStore;

beforeAll(async () => {
  const { dynamo, tableName } = await useEmulators('once');
  store = createDynamoLeadStore(dynamo, tableName);
});

const expiresAtMs = Date.now() + 60_000;

describe('claimOnce against dynalite', () => {
  it('gives a token to its first owner, again to that owner, and never to another', async () => {
    const claim = (owner: string) => store.claimOnce({ key: 'challenge#t1', owner, expiresAtMs });

    expect(await claim('demo#key-a')).toBe(true);
    expect(await claim('demo#key-a')).toBe(true);
    expect(await claim('demo#key-b')).toBe(false);
    expect(await claim('partner#key-a')).toBe(false);
  });

  it('lets exactly one of 20 concurrent owners have a token', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.claimOnce({ key: 'challenge#t2', owner: `demo#key-${i}`, expiresAtMs }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
