import { randomUUID } from 'node:crypto';
import type { LeadForm } from '@kryon/shared/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { DependencyError } from '../src/leads/errors.ts';
import type { DeliveryState, LeadRef, MessageState, StoredLead } from '../src/leads/lead.ts';
import type { LeadStore, OwedEvent, SendRecord, WindowCounter } from '../src/leads/ports.ts';

/** What one contract test runs against: stores that hold nothing another test wrote. */
export interface ContractStores {
  store: LeadStore;
  counter: WindowCounter;
  /**
   * Stores the lead as createLead does (on the re-send list while it owes), as an item whose
   * `emailStatus` is `lost`, which the code never writes: edited by hand, or older than it.
   */
  storeUnreadable(lead: StoredLead): Promise<void>;
  /** Owes the lead an event under `id` whose stored form no code writes, due at `dueAt`. */
  oweUnreadableEvent(lead: LeadRef, id: string, dueAt: number): Promise<void>;
}

/**
 * The promises LeadStore and WindowCounter make, as the DynamoDB adapter keeps them on
 * dynalite: the adapter is the reference, so every expectation here was first seen to hold
 * there (src/adapters/dynamodb.contract.int.test.ts). The in-memory fakes the unit tests use
 * run the same suite (test/fake-lead-store.test.ts), so a fake that drifts from the table
 * fails here instead of letting a unit test pass against behaviour production never shows.
 *
 * `fresh` is called before every test: the re-send list is read across the whole store, so
 * each test needs stores of its own. Times are explicit (`nowMs`, `leaseUntil`...), never the
 * clock: both stores take them as arguments.
 *
 * Left open on purpose: the order of leads due at the same moment (an index gives none). The
 * adapter reads a lead back through its item schema (adapters/table-items.ts), which keeps
 * only what StoredLead names.
 */
export function leadStoreContract(name: string, fresh: () => Promise<ContractStores>): void {
  describe(`the LeadStore contract: ${name}`, () => {
    let store: LeadStore;
    let counter: WindowCounter;
    let storeUnreadable: ContractStores['storeUnreadable'];
    let oweUnreadableEvent: ContractStores['oweUnreadableEvent'];
    beforeEach(async () => {
      ({ store, counter, storeUnreadable, oweUnreadableEvent } = await fresh());
    });

    describe('createLead and findLead', () => {
      it('finds nothing under a key never stored', async () => {
        expect(await store.findLead('contact', uniqueId('key'))).toBeUndefined();
      });

      it('stores a lead once: a second create with the same key is refused and overwrites nothing', async () => {
        const first = lead({ emailStatus: 'sent' });
        expect(await store.createLead(first)).toBe(true);
        expect(await store.findLead(first.form, first.idempotencyKey)).toEqual(first);

        const second = lead({
          idempotencyKey: first.idempotencyKey,
          payloadHash: 'another-body',
          fields: { name: 'Mallory' },
        });
        expect(await store.createLead(second)).toBe(false);
        expect(await store.findLead(first.form, first.idempotencyKey)).toEqual(first);
      });

      it('keys a lead by its form and key: the same key under another form is another lead', async () => {
        const contact = lead({ form: 'contact', emailStatus: 'sent' });
        const demo = lead({ form: 'demo', idempotencyKey: contact.idempotencyKey });
        expect(await store.createLead(contact)).toBe(true);
        expect(await store.createLead(demo)).toBe(true);
        expect((await store.findLead('demo', contact.idempotencyKey))?.submissionId).toBe(
          demo.submissionId,
        );
      });

      it('puts a lead that owes an e-mail on the re-send list at once, due from the start when it has no lease', async () => {
        const owed = lead({ emailStatus: 'pending' });
        await store.createLead(owed);
        // The store's own default: due at 0, so a function that dies before sending is retried.
        expect(await store.findLead(owed.form, owed.idempotencyKey)).toEqual({
          ...owed,
          leaseUntil: 0,
        });
      });
    });

    describe('recordSends', () => {
      it('writes only with the lease token the lead holds, and releases the lease', async () => {
        const held = lead({ leaseToken: 'lease-a', leaseUntil: T + 60_000 });
        await store.createLead(held);
        const record = sendRecord({ leaseToken: 'lease-b', owed: false });

        expect(await store.recordSends(ref(held), record)).toBe(false);
        expect(await store.findLead(held.form, held.idempotencyKey)).toMatchObject({
          emailStatus: 'pending',
          leaseToken: 'lease-a',
        });

        expect(await store.recordSends(ref(held), { ...record, leaseToken: 'lease-a' })).toBe(true);
        const stored = await store.findLead(held.form, held.idempotencyKey);
        expect(stored).toMatchObject({ emailStatus: 'sent', emails: record.emails });
        expect(stored?.leaseToken).toBeUndefined();
        expect(stored?.leaseUntil).toBeUndefined();
        // The lease went with the write: the same token cannot write again.
        expect(await store.recordSends(ref(held), { ...record, leaseToken: 'lease-a' })).toBe(
          false,
        );
      });

      it('refuses a lead without a lease, and a lead that does not exist', async () => {
        const free = lead({ emailStatus: 'sent' });
        await store.createLead(free);
        expect(await store.recordSends(ref(free), sendRecord({ leaseToken: 'any' }))).toBe(false);
        expect(
          await store.recordSends(
            { form: 'contact', idempotencyKey: uniqueId('key') },
            sendRecord({ leaseToken: 'any' }),
          ),
        ).toBe(false);
      });

      it('keeps a lead that still owes a message on the re-send list, due at its retry time, and takes off one that owes nothing', async () => {
        const owing = lead({ leaseToken: 'lease-1', leaseUntil: T + 60_000 });
        const done = lead({ leaseToken: 'lease-2', leaseUntil: T + 60_000 });
        await store.createLead(owing);
        await store.createLead(done);
        await store.recordSends(
          ref(owing),
          sendRecord({ leaseToken: 'lease-1', owed: true, retryAtMs: T + 5_000 }),
        );
        await store.recordSends(ref(done), sendRecord({ leaseToken: 'lease-2', owed: false }));

        expect(await store.findLead(owing.form, owing.idempotencyKey)).toMatchObject({
          emailStatus: 'failed',
          leaseUntil: T + 5_000,
        });
        expect(await listAll(store, T + 4_999)).toEqual([]);
        expect(await listAll(store, T + 5_000)).toEqual([ref(owing)]);
        expect(await claim(store, done, 'run', T + 10 * 60_000)).toBeUndefined();
      });

      it('never puts a lead on the re-send list that was not on it, even when it says a message is owed', async () => {
        // Stored owing nothing but holding a lease: the update keeps the list as it was.
        const sent = lead({ emailStatus: 'sent', leaseToken: 'fn', leaseUntil: T + 1_000 });
        await store.createLead(sent);
        expect(
          await store.recordSends(
            ref(sent),
            sendRecord({ leaseToken: 'fn', owed: true, retryAtMs: T + 2_000 }),
          ),
        ).toBe(true);
        expect(await store.findLead(sent.form, sent.idempotencyKey)).toMatchObject({
          emailStatus: 'failed',
          leaseUntil: T + 2_000,
        });
        expect(await listAll(store, T + 60_000)).toEqual([]);
        expect(await claim(store, sent, 'run', T + 60_000)).toBeUndefined();
      });
    });

    describe('listPending', () => {
      it('lists the leads that owe a message and are due, longest due first, and no other', async () => {
        const late = lead({ leaseUntil: T + 3_000, leaseToken: 'fn' });
        const early = lead({ leaseUntil: T + 1_000, leaseToken: 'fn' });
        const notYet = lead({ leaseUntil: T + 9_000, leaseToken: 'fn' });
        const sent = lead({ emailStatus: 'sent' });
        const spam = lead({ emailStatus: 'skipped', spam: true, emails: {} });
        const abandoned = lead({ emailStatus: 'abandoned' });
        const failed = lead({ emailStatus: 'failed', leaseUntil: T + 2_000 });
        for (const each of [late, early, notYet, sent, spam, abandoned, failed]) {
          await store.createLead(each);
        }

        expect(await listAll(store, T + 5_000)).toEqual([ref(early), ref(failed), ref(late)]);
        expect(await listAll(store, T + 1_000)).toEqual([ref(early)]);
        expect(await listAll(store, T)).toEqual([]);
      });

      it('pages with a cursor: every due lead once, in order, and no cursor after the last', async () => {
        const leads = Array.from({ length: 5 }, (_, i) => lead({ leaseUntil: T + i * 1_000 }));
        for (const each of leads) await store.createLead(each);

        const pages: number[] = [];
        const listed = [];
        let cursor: string | undefined;
        do {
          const page = await store.listPending({ dueBy: T + 60_000, limit: 2, cursor });
          expect(page.leads.length).toBeLessThanOrEqual(2);
          pages.push(page.leads.length);
          listed.push(...page.leads);
          cursor = page.cursor;
        } while (cursor);

        expect(listed).toEqual(leads.map(ref));
        expect(pages).toEqual([2, 2, 1]);
      });

      it('gives a full page a cursor even when nothing follows: the page after it is empty and has none', async () => {
        // DynamoDB stops a query at its Limit without looking further.
        const leads = Array.from({ length: 2 }, (_, i) => lead({ leaseUntil: T + i * 1_000 }));
        for (const each of leads) await store.createLead(each);

        const full = await store.listPending({ dueBy: T + 60_000, limit: 2 });
        expect(full.leads).toEqual(leads.map(ref));
        expect(full.cursor).toBeDefined();
        const after = await store.listPending({ dueBy: T + 60_000, limit: 2, cursor: full.cursor });
        expect(after).toEqual({ leads: [] });
        expect((await store.listPending({ dueBy: T + 60_000, limit: 3 })).cursor).toBeUndefined();
      });

      it('takes a limit below one as one, the smallest page a query has', async () => {
        const leads = Array.from({ length: 2 }, (_, i) => lead({ leaseUntil: T + i * 1_000 }));
        for (const each of leads) await store.createLead(each);
        const page = await store.listPending({ dueBy: T + 60_000, limit: 0 });
        expect(page.leads).toEqual([ref(leads[0] as StoredLead)]);
        expect(page.cursor).toBeDefined();
      });

      it('skips nothing when a listed lead leaves the list between pages', async () => {
        const leads = Array.from({ length: 4 }, (_, i) =>
          lead({ leaseUntil: T + i * 1_000, leaseToken: `fn-${i}` }),
        );
        for (const each of leads) await store.createLead(each);
        const [a, b, c, d] = leads as [StoredLead, StoredLead, StoredLead, StoredLead];

        const first = await store.listPending({ dueBy: T + 60_000, limit: 2 });
        expect(first.leads).toEqual([ref(a), ref(b)]);
        // Both listed leads are sent before the next page is read.
        await store.recordSends(ref(a), sendRecord({ leaseToken: 'fn-0', owed: false }));
        await store.recordSends(ref(b), sendRecord({ leaseToken: 'fn-1', owed: false }));
        const second = await store.listPending({
          dueBy: T + 60_000,
          limit: 2,
          cursor: first.cursor,
        });
        expect(second.leads).toEqual([ref(c), ref(d)]);
      });
    });

    describe('claimPending', () => {
      it('gives a free lead to exactly one of many concurrent claimants, as it now stands', async () => {
        const owed = lead();
        await store.createLead(owed);

        const claims = await Promise.all(
          Array.from({ length: 8 }, (_, i) => claim(store, owed, `run-${i}`, T)),
        );
        const won = claims.filter((each) => each !== undefined);
        expect(won).toHaveLength(1);
        const winner = won[0];
        expect(winner).toEqual({
          ...owed,
          leaseToken: expect.stringMatching(/^run-\d$/),
          leaseUntil: T + LEASE_MS,
        });
        expect(await store.findLead(owed.form, owed.idempotencyKey)).toEqual(winner);
      });

      it('does not take a lease that has not run out, and takes it from the moment it has', async () => {
        const owed = lead({ leaseToken: 'fn', leaseUntil: T + 1_000 });
        await store.createLead(owed);

        expect(await claim(store, owed, 'run-1', T + 999)).toBeUndefined();
        expect(await claim(store, owed, 'run-1', T + 1_000)).toMatchObject({
          leaseToken: 'run-1',
          leaseUntil: T + 1_000 + LEASE_MS,
        });
        // The new lease is as binding: nobody takes it before it runs out, its holder neither.
        expect(await claim(store, owed, 'run-2', T + 1_000 + LEASE_MS - 1)).toBeUndefined();
        // The old holder's lease is gone: its record of sends is refused.
        expect(await store.recordSends(ref(owed), sendRecord({ leaseToken: 'fn' }))).toBe(false);
        expect(await store.recordSends(ref(owed), sendRecord({ leaseToken: 'run-1' }))).toBe(true);
      });

      it('claims nothing from a lead that owes nothing or does not exist', async () => {
        const sent = lead({ emailStatus: 'sent' });
        const spam = lead({ emailStatus: 'skipped', spam: true, emails: {} });
        await store.createLead(sent);
        await store.createLead(spam);
        expect(await claim(store, sent, 'run', T)).toBeUndefined();
        expect(await claim(store, spam, 'run', T)).toBeUndefined();
        expect(
          await claim(store, { form: 'contact', idempotencyKey: uniqueId('key') }, 'run', T),
        ).toBeUndefined();
      });

      it('for a digest, claims a held lead before its due time, but never one whose sales message is not held or whose lease runs', async () => {
        // A held lead: no lease token, listed for when its digest is due.
        const held = lead({
          emails: { sales: { status: 'held', attempts: 0 } },
          leaseUntil: T + 3_600_000,
        });
        const notHeld = lead({ leaseUntil: T + 3_600_000 });
        const leased = lead({
          emails: { sales: { status: 'held', attempts: 0 } },
          leaseToken: 'fn',
          leaseUntil: T + 1_000,
        });
        for (const each of [held, notHeld, leased]) await store.createLead(each);

        expect(await claim(store, held, 'digest', T)).toBeUndefined();
        expect(await claim(store, held, 'digest', T, true)).toMatchObject({
          leaseToken: 'digest',
          leaseUntil: T + LEASE_MS,
        });
        expect(await claim(store, notHeld, 'digest', T, true)).toBeUndefined();
        expect(await claim(store, leased, 'digest', T, true)).toBeUndefined();
        expect(await claim(store, leased, 'digest', T + 1_000, true)).toMatchObject({
          leaseToken: 'digest',
        });
        // Now the digest's lease runs on the held lead: a second digest does not take it.
        expect(await claim(store, held, 'digest-2', T + 1, true)).toBeUndefined();
      });

      it('reports a lead item it cannot read by its key and first issue, never its values, and still lists and claims the others', async () => {
        const [before, after] = [lead({ leaseUntil: T }), lead({ leaseUntil: T + 2_000 })];
        const unreadable = lead({ leaseUntil: T + 1_000 });
        await store.createLead(before);
        await storeUnreadable(unreadable);
        await store.createLead(after);

        expect(await listAll(store, T + 5_000)).toEqual([before, unreadable, after].map(ref));
        const report = await claim(store, unreadable, 'run', T + 5_000);
        expect(report).toEqual({
          unreadable: {
            key: { pk: `LEAD#contact#${unreadable.idempotencyKey}`, sk: 'LEAD' },
            issue: 'emailStatus: invalid_value',
          },
        });
        expect(JSON.stringify(report)).not.toMatch(/lost|Ada|email-hash/);
        for (const each of [before, after]) {
          expect(await claim(store, each, 'run', T + 5_000)).toEqual({
            ...each,
            leaseToken: 'run',
            leaseUntil: T + 5_000 + LEASE_MS,
          });
          expect(await store.recordSends(ref(each), sendRecord({ leaseToken: 'run' }))).toBe(true);
        }
        // Left as it is: read elsewhere it is still an outage, and it comes back once its
        // lease lapses, until a person mends it.
        await expect(store.findLead('contact', unreadable.idempotencyKey)).rejects.toThrow(
          DependencyError,
        );
        expect(await listAll(store, T + 5_000 + LEASE_MS)).toEqual([ref(unreadable)]);
      });
    });

    describe('takeRateLimit and releaseRateLimit', () => {
      const W = 60_000;

      it('opens a window at the first hit, counts up to the budget, refuses past it, and opens a new window once windowMs has passed', async () => {
        const key = uniqueId('email');
        const take = (nowMs: number) => store.takeRateLimit({ key, max: 3, windowMs: W, nowMs });

        expect(await take(T)).toEqual({ key, windowStart: T });
        expect(await take(T + 10)).toEqual({ key, windowStart: T });
        expect(await take(T + 20)).toEqual({ key, windowStart: T });
        expect(await take(T + 30)).toBeUndefined();
        expect(await take(T + W - 1)).toBeUndefined();
        // The window lasts windowMs from its first hit; then the next hit opens a new one.
        expect(await take(T + W)).toEqual({ key, windowStart: T + W });
        expect(await take(T + W + 1)).toEqual({ key, windowStart: T + W });
      });

      it('counts each key on its own', async () => {
        const a = uniqueId('email');
        const b = uniqueId('email');
        expect(await store.takeRateLimit({ key: a, max: 1, windowMs: W, nowMs: T })).toBeDefined();
        expect(
          await store.takeRateLimit({ key: a, max: 1, windowMs: W, nowMs: T + 1 }),
        ).toBeUndefined();
        expect(
          await store.takeRateLimit({ key: b, max: 1, windowMs: W, nowMs: T + 1 }),
        ).toBeDefined();
      });

      it('lets exactly the budget through of concurrent hits', async () => {
        const key = uniqueId('email');
        const tickets = await Promise.all(
          Array.from({ length: 10 }, () =>
            store.takeRateLimit({ key, max: 4, windowMs: W, nowMs: T }),
          ),
        );
        expect(tickets.filter((ticket) => ticket !== undefined)).toHaveLength(4);
      });

      it('gives one hit back within the window it was counted in, and only one per release', async () => {
        const key = uniqueId('email');
        const take = (nowMs: number) => store.takeRateLimit({ key, max: 2, windowMs: W, nowMs });
        const first = await take(T);
        await take(T + 1);
        expect(await take(T + 2)).toBeUndefined();

        if (!first) throw new Error('the first hit was refused');
        await store.releaseRateLimit(first);
        expect(await take(T + 3)).toEqual({ key, windowStart: T });
        expect(await take(T + 4)).toBeUndefined();
      });

      it('gives nothing back to a later window, nor below nothing', async () => {
        const key = uniqueId('email');
        const take = (nowMs: number) => store.takeRateLimit({ key, max: 1, windowMs: W, nowMs });
        const old = await take(T);
        if (!old) throw new Error('the first hit was refused');
        expect(await take(T + W)).toEqual({ key, windowStart: T + W });

        // A ticket of the window before: the running window owes it nothing.
        await store.releaseRateLimit(old);
        expect(await take(T + W + 1)).toBeUndefined();

        // Released twice: the count stops at nothing, so the budget stays one.
        const other = uniqueId('email');
        const ticket = await store.takeRateLimit({ key: other, max: 1, windowMs: W, nowMs: T });
        if (!ticket) throw new Error('the first hit was refused');
        await store.releaseRateLimit(ticket);
        await store.releaseRateLimit(ticket);
        const again = (nowMs: number) =>
          store.takeRateLimit({ key: other, max: 1, windowMs: W, nowMs });
        expect(await again(T + 1)).toBeDefined();
        expect(await again(T + 2)).toBeUndefined();
      });

      it('does nothing when a ticket names a key never counted', async () => {
        await store.releaseRateLimit({ key: uniqueId('email'), windowStart: T });
      });
    });

    describe('claimOnce and releaseClaim', () => {
      const expiresAtMs = T + 300_000;

      it('gives a token to its first owner, tells that owner a second claim is a retry, and never gives it to another', async () => {
        const key = uniqueId('challenge');
        const claimBy = (owner: string) => store.claimOnce({ key, owner, expiresAtMs });
        expect(await claimBy('demo#key-a')).toBe('claimed');
        expect(await claimBy('demo#key-a')).toBe('retry');
        expect(await claimBy('demo#key-b')).toBe('taken');
        expect(await claimBy('demo#key-a')).toBe('retry');
        expect(
          await store.claimOnce({ key: uniqueId('challenge'), owner: 'demo#key-b', expiresAtMs }),
        ).toBe('claimed');
      });

      it('lets exactly one of many concurrent owners have a token', async () => {
        const key = uniqueId('challenge');
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            store.claimOnce({ key, owner: `demo#key-${i}`, expiresAtMs }),
          ),
        );
        expect(results.filter((result) => result === 'claimed')).toHaveLength(1);
        expect(results.filter((result) => result === 'taken')).toHaveLength(9);
      });

      it('gives a token back only for the owner that holds it; then anyone may claim it', async () => {
        const key = uniqueId('challenge');
        expect(await store.claimOnce({ key, owner: 'a', expiresAtMs })).toBe('claimed');

        await store.releaseClaim({ key, owner: 'b' });
        expect(await store.claimOnce({ key, owner: 'b', expiresAtMs })).toBe('taken');

        await store.releaseClaim({ key, owner: 'a' });
        expect(await store.claimOnce({ key, owner: 'b', expiresAtMs })).toBe('claimed');
        // Released, claimed anew: a first claim again, not a retry.
        await store.releaseClaim({ key, owner: 'b' });
        expect(await store.claimOnce({ key, owner: 'b', expiresAtMs })).toBe('claimed');
        await store.releaseClaim({ key: uniqueId('challenge'), owner: 'a' });
      });
    });

    describe('finding a lead by its id: recordDownload and linkLeadId', () => {
      it('records an opening: the first time is kept, later ones add to the count', async () => {
        const download = lead({ form: 'download', emailStatus: 'sent' });
        await store.createLead(download);
        const byId = { form: 'download', submissionId: download.submissionId } as const;

        expect(await store.recordDownload(byId, '2026-01-01T10:00:00.000Z')).toBe('first');
        expect(await store.recordDownload(byId, '2026-01-02T10:00:00.000Z')).toBe('again');
        expect(await store.recordDownload(ref(download), '2026-01-03T10:00:00.000Z')).toBe('again');
        expect(await store.findLead('download', download.idempotencyKey)).toMatchObject({
          downloadedAt: '2026-01-01T10:00:00.000Z',
          downloadCount: 3,
        });
      });

      it('finds by id only the lead that has it: not the loser of a race for its key, not under another form, not an unknown id', async () => {
        const winner = lead({ form: 'download', emailStatus: 'sent' });
        const loser = lead({
          form: 'download',
          emailStatus: 'sent',
          idempotencyKey: winner.idempotencyKey,
        });
        await store.createLead(winner);
        expect(await store.createLead(loser)).toBe(false);
        const at = '2026-01-01T10:00:00.000Z';

        expect(
          await store.recordDownload({ form: 'download', submissionId: loser.submissionId }, at),
        ).toBe(false);
        expect(
          await store.recordDownload({ form: 'contact', submissionId: winner.submissionId }, at),
        ).toBe(false);
        expect(
          await store.recordDownload({ form: 'download', submissionId: uniqueId('id') }, at),
        ).toBe(false);
        expect(
          await store.recordDownload({ form: 'download', idempotencyKey: uniqueId('key') }, at),
        ).toBe(false);
        expect(await store.findLead('download', winner.idempotencyKey)).toMatchObject({
          submissionId: winner.submissionId,
        });
        expect((await store.findLead('download', winner.idempotencyKey))?.downloadCount).toBe(
          undefined,
        );
      });

      it('links a stored lead to its id again without harm, and a lead never stored stays unfound', async () => {
        const stored = lead({ form: 'download', emailStatus: 'sent' });
        await store.createLead(stored);
        await store.linkLeadId(stored);
        const byId = { form: 'download', submissionId: stored.submissionId } as const;
        expect(await store.recordDownload(byId, '2026-01-01T10:00:00.000Z')).toBe('first');

        const never = lead({ form: 'download', emailStatus: 'sent' });
        await store.linkLeadId(never);
        expect(
          await store.recordDownload(
            { form: 'download', submissionId: never.submissionId },
            '2026-01-01T10:00:00.000Z',
          ),
        ).toBe(false);
        expect(await store.findLead('download', never.idempotencyKey)).toBeUndefined();
      });
    });

    describe('recordDelivery', () => {
      const sentLead = () =>
        lead({
          form: 'download',
          emailStatus: 'sent',
          emails: {
            sales: { status: 'sent', attempts: 1, messageId: 'm-sales' },
            visitor: { status: 'sent', attempts: 1, messageId: 'm-visitor' },
          },
        });
      const byId = (stored: StoredLead) =>
        ({ form: stored.form, submissionId: stored.submissionId }) as const;

      it('records a stronger outcome of the message the lead names; an equal or weaker one leaves it unchanged', async () => {
        const stored = sentLead();
        await store.createLead(stored);
        const record = (state: DeliveryState) =>
          store.recordDelivery(byId(stored), 'visitor', state);

        expect(await record(delivery('delivered', 2))).toBe('recorded');
        expect(await record(delivery('delivered', 2))).toBe('unchanged');
        expect(await record(delivery('delayed', 1))).toBe('unchanged');
        expect(await record(delivery('complained', 5))).toBe('recorded');
        expect(await record(delivery('bounced', 3))).toBe('unchanged');

        const found = await store.findLead(stored.form, stored.idempotencyKey);
        expect(found?.emails.visitor).toEqual({
          status: 'sent',
          attempts: 1,
          messageId: 'm-visitor',
          delivery: delivery('complained', 5),
        });
        expect(found?.emails.sales?.delivery).toBeUndefined();
      });

      it('keeps each audience on its own', async () => {
        const stored = sentLead();
        await store.createLead(stored);
        expect(await store.recordDelivery(byId(stored), 'visitor', delivery('complained', 5))).toBe(
          'recorded',
        );
        expect(
          await store.recordDelivery(byId(stored), 'sales', delivery('delivered', 2, 'm-sales')),
        ).toBe('recorded');
        const found = await store.findLead(stored.form, stored.idempotencyKey);
        expect(found?.emails.sales?.delivery).toEqual(delivery('delivered', 2, 'm-sales'));
      });

      it('tells an event about another message from one about this one', async () => {
        const stored = sentLead();
        await store.createLead(stored);
        expect(
          await store.recordDelivery(byId(stored), 'visitor', delivery('complained', 5, 'm-old')),
        ).toBe('other-message');
        // The sales message's id is not the visitor's.
        expect(
          await store.recordDelivery(byId(stored), 'visitor', delivery('delivered', 2, 'm-sales')),
        ).toBe('other-message');
        expect(
          (await store.findLead(stored.form, stored.idempotencyKey))?.emails.visitor?.delivery,
        ).toBeUndefined();
      });

      it('finds no lead for an unknown id, another form, or the loser of a race for the key', async () => {
        const stored = sentLead();
        const loser = { ...sentLead(), idempotencyKey: stored.idempotencyKey };
        await store.createLead(stored);
        await store.createLead(loser);

        const event = delivery('delivered', 2);
        expect(
          await store.recordDelivery(
            { form: 'download', submissionId: uniqueId('id') },
            'visitor',
            event,
          ),
        ).toBe('no-lead');
        expect(
          await store.recordDelivery(
            { form: 'contact', submissionId: stored.submissionId },
            'visitor',
            event,
          ),
        ).toBe('no-lead');
        expect(await store.recordDelivery(byId(loser), 'visitor', event)).toBe('no-lead');
      });

      it('says when the lead names no message to that audience yet', async () => {
        const stored = lead({
          form: 'download',
          emailStatus: 'sent',
          emails: {
            sales: { status: 'sent', attempts: 1, messageId: 'm-sales' },
            visitor: { status: 'pending', attempts: 0 },
          },
        });
        const salesOnly = lead({
          form: 'download',
          emailStatus: 'sent',
          emails: { sales: { status: 'sent', attempts: 1, messageId: 'm-sales' } },
        });
        await store.createLead(stored);
        await store.createLead(salesOnly);
        const event = delivery('delivered', 2);
        expect(await store.recordDelivery(byId(stored), 'visitor', event)).toBe('not-recorded-yet');
        expect(await store.recordDelivery(byId(salesOnly), 'visitor', event)).toBe(
          'not-recorded-yet',
        );
      });
    });

    describe('the event outbox: owed events, listed, read, cleared and deferred', () => {
      const owed = (stored: StoredLead, type: string, n = 0): OwedEvent => ({
        id: `evt_${String(n).padStart(2, '0')}${stored.submissionId
          .replace(/[^0-9a-f]/g, '')
          .slice(0, 30)
          .padEnd(30, '0')}`,
        type,
        form: stored.form,
        detail: JSON.stringify({ type, leadId: stored.submissionId, n }),
      });
      const createdAtMs = (stored: StoredLead) => Date.parse(stored.createdAt);
      const listAllOwed = async (dueBy: number) => {
        const leads: LeadRef[] = [];
        let cursor: string | undefined;
        do {
          const page = await store.listOwedEvents({ dueBy, limit: 10, cursor });
          leads.push(...page.leads);
          cursor = page.cursor;
        } while (cursor);
        return leads;
      };

      it('owes the events stored with a lead in its own write, listed once the grace has passed, until cleared', async () => {
        const stored = lead({ emailStatus: 'sent' });
        const event = owed(stored, 'lead.accepted');
        expect(await store.createLead(stored, [event])).toBe(true);
        expect(await store.findLead(stored.form, stored.idempotencyKey)).toEqual(stored);
        expect(await store.readOwedEvents(ref(stored))).toEqual({
          events: [event],
          unreadable: [],
        });

        // The function that stored it publishes at once: the list waits a minute for it.
        expect(await listAllOwed(createdAtMs(stored))).toEqual([]);
        expect(await listAllOwed(createdAtMs(stored) + 60_000)).toEqual([ref(stored)]);

        await store.clearOwedEvents(ref(stored), [event.id]);
        expect((await store.readOwedEvents(ref(stored))).events).toEqual([]);
        expect(await listAllOwed(Number.MAX_SAFE_INTEGER)).toEqual([]);
        // A lead stored without events is never on the list.
        await store.createLead(lead({ emailStatus: 'sent' }));
        expect(await listAllOwed(Number.MAX_SAFE_INTEGER)).toEqual([]);
      });

      it('clears only the events named, by key or by id, and keeps the lead listed while one is owed', async () => {
        const stored = lead({ emailStatus: 'sent' });
        const [a, b] = [owed(stored, 'lead.accepted', 1), owed(stored, 'lead.delivery', 2)];
        await store.createLead(stored, [a, b]);
        await store.clearOwedEvents({ form: stored.form, submissionId: stored.submissionId }, [
          a.id,
        ]);
        expect((await store.readOwedEvents(ref(stored))).events).toEqual([b]);
        expect(await listAllOwed(Number.MAX_SAFE_INTEGER)).toEqual([ref(stored)]);
        await store.clearOwedEvents(ref(stored), [b.id, a.id]);
        expect(await listAllOwed(Number.MAX_SAFE_INTEGER)).toEqual([]);
        // Clearing a lead that is gone, or under an unknown id, changes nothing and throws not.
        await store.clearOwedEvents({ form: 'contact', idempotencyKey: uniqueId('key') }, [a.id]);
        await store.clearOwedEvents({ form: 'contact', submissionId: uniqueId('id') }, [a.id]);
      });

      it('defers a lead whose events the bus refused: off the list until then, then back', async () => {
        const stored = lead({ emailStatus: 'sent' });
        await store.createLead(stored, [owed(stored, 'lead.accepted')]);
        const later = createdAtMs(stored) + 10 * 60_000;
        await store.deferOwedEvents(ref(stored), later);
        expect(await listAllOwed(later - 1)).toEqual([]);
        expect(await listAllOwed(later)).toEqual([ref(stored)]);
        // A lead that owes nothing is not put back by a deferral.
        await store.clearOwedEvents(ref(stored), [owed(stored, 'lead.accepted').id]);
        await store.deferOwedEvents(ref(stored), later);
        expect(await listAllOwed(Number.MAX_SAFE_INTEGER)).toEqual([]);
      });

      it("owes a delivery outcome's event in the write that records it, and only when it does", async () => {
        const stored = lead({
          form: 'download',
          emailStatus: 'sent',
          emails: {
            sales: { status: 'sent', attempts: 1, messageId: 'm-sales' },
            visitor: { status: 'sent', attempts: 1, messageId: 'm-visitor' },
          },
        });
        await store.createLead(stored);
        const byId = { form: stored.form, submissionId: stored.submissionId } as const;
        const event = owed(stored, 'lead.delivery');
        const weaker = owed(stored, 'lead.delivery', 9);
        expect(await store.recordDelivery(byId, 'visitor', delivery('delivered', 2), event)).toBe(
          'recorded',
        );
        expect(await store.recordDelivery(byId, 'visitor', delivery('delayed', 1), weaker)).toBe(
          'unchanged',
        );
        expect((await store.readOwedEvents(ref(stored))).events).toEqual([event]);
        // Due a minute after it was recorded (not after SES dated it): listed by then.
        expect(await listAllOwed(Date.now() + 61_000)).toEqual([ref(stored)]);
      });

      it('reports an owed event it cannot read, keeps the lead listed for it, and defers it', async () => {
        const stored = lead({ emailStatus: 'sent' });
        const good = owed(stored, 'lead.accepted', 1);
        await store.createLead(stored, [good]);
        const bad = owed(stored, 'lead.delivery', 2).id;
        await oweUnreadableEvent(ref(stored), bad, createdAtMs(stored));
        expect(await store.readOwedEvents(ref(stored))).toEqual({
          events: [good],
          unreadable: [bad],
        });
        // Clearing the readable one leaves the lead listed: it still owes one.
        await store.clearOwedEvents(ref(stored), [good.id]);
        expect(await listAllOwed(Number.MAX_SAFE_INTEGER)).toEqual([ref(stored)]);
        const later = createdAtMs(stored) + 86_400_000;
        await store.deferOwedEvents(ref(stored), later);
        expect(await listAllOwed(later - 1)).toEqual([]);
        expect(await listAllOwed(later)).toEqual([ref(stored)]);
      });

      it("owes the report's event on the first opening only", async () => {
        const stored = lead({ form: 'download', emailStatus: 'sent' });
        await store.createLead(stored);
        const byId = { form: 'download', submissionId: stored.submissionId } as const;
        const event = owed(stored, 'lead.report-opened');
        expect(await store.recordDownload(byId, '2026-01-01T10:00:00.000Z', event)).toBe('first');
        await store.clearOwedEvents(byId, [event.id]);
        expect(await store.recordDownload(byId, '2026-01-02T10:00:00.000Z', event)).toBe('again');
        expect((await store.readOwedEvents(ref(stored))).events).toEqual([]);
        expect(await store.findLead(stored.form, stored.idempotencyKey)).toMatchObject({
          downloadedAt: '2026-01-01T10:00:00.000Z',
          downloadCount: 2,
        });
        expect(
          await store.recordDownload(
            { form: 'download', submissionId: uniqueId('id') },
            '2026-01-02T10:00:00.000Z',
            event,
          ),
        ).toBe(false);
      });
    });

    describe('suppressAddress and findSuppression', () => {
      const event = (mailboxHash: string) => ({
        mailboxHash,
        at: '2026-01-01T10:00:00.000Z',
        expiresAt: 2_000_000_000,
      });

      it('has no entry for a mailbox never listed', async () => {
        expect(await store.findSuppression(uniqueId('mailbox'))).toBeUndefined();
      });

      it('lists a mailbox per event: a bounce of its own spelling, a complaint, a bounced tagged spelling', async () => {
        const bounced = uniqueId('mailbox');
        const complained = uniqueId('mailbox');
        const tagged = uniqueId('mailbox');
        await store.suppressAddress({ ...event(bounced), reason: 'bounced' });
        await store.suppressAddress({ ...event(complained), reason: 'complained' });
        await store.suppressAddress({ ...event(tagged), reason: 'bounced', spellingHash: 'ada+x' });

        expect(await store.findSuppression(bounced)).toEqual({
          complained: false,
          bounced: true,
          bouncedSpellings: [],
        });
        expect(await store.findSuppression(complained)).toEqual({
          complained: true,
          bounced: false,
          bouncedSpellings: [],
        });
        // A tagged spelling's bounce lists that spelling only, not the mailbox.
        expect(await store.findSuppression(tagged)).toEqual({
          complained: false,
          bounced: false,
          bouncedSpellings: ['ada+x'],
        });
      });

      it('only ever adds: a complaint is never taken back, a spelling is kept once', async () => {
        const mailbox = uniqueId('mailbox');
        await store.suppressAddress({ ...event(mailbox), reason: 'complained' });
        await store.suppressAddress({ ...event(mailbox), reason: 'bounced' });
        await store.suppressAddress({ ...event(mailbox), reason: 'bounced', spellingHash: 's-1' });
        await store.suppressAddress({ ...event(mailbox), reason: 'bounced', spellingHash: 's-1' });
        await store.suppressAddress({ ...event(mailbox), reason: 'bounced' });

        expect(await store.findSuppression(mailbox)).toEqual({
          complained: true,
          bounced: true,
          bouncedSpellings: ['s-1'],
        });
      });

      it('keeps every one of concurrent events for one mailbox', async () => {
        const mailbox = uniqueId('mailbox');
        await Promise.all([
          store.suppressAddress({ ...event(mailbox), reason: 'bounced', spellingHash: 's-1' }),
          store.suppressAddress({ ...event(mailbox), reason: 'bounced', spellingHash: 's-2' }),
          store.suppressAddress({ ...event(mailbox), reason: 'bounced', spellingHash: 's-3' }),
          store.suppressAddress({ ...event(mailbox), reason: 'complained' }),
          store.suppressAddress({ ...event(mailbox), reason: 'bounced' }),
        ]);
        const found = await store.findSuppression(mailbox);
        expect(found).toMatchObject({ complained: true, bounced: true });
        // A set: no order is promised.
        expect([...(found?.bouncedSpellings ?? [])].sort()).toEqual(['s-1', 's-2', 's-3']);
      });
    });

    describe('the WindowCounter', () => {
      const W = 600_000;
      /** Well inside a window, far from the epoch. */
      const at = 4_000 * W + 1_000;

      it('adds into the window that holds the moment and reads it with the one before', async () => {
        const key = uniqueId('rate');
        for (let i = 0; i < 3; i += 1) expect(await counter.add(key, W, at - W)).toBe(true);
        for (let i = 0; i < 2; i += 1) expect(await counter.add(key, W, at)).toBe(true);

        expect(await counter.read(key, W, at + 5_000)).toEqual({ current: 2, previous: 3 });
        // Windows are fixed: the window's first and last moments count in it.
        expect(await counter.read(key, W, 4_000 * W)).toEqual({ current: 2, previous: 3 });
        expect(await counter.read(key, W, 4_001 * W - 1)).toEqual({ current: 2, previous: 3 });
        expect(await counter.read(key, W, at + W)).toEqual({ current: 0, previous: 2 });
        expect(await counter.read(uniqueId('rate'), W, at)).toEqual({ current: 0, previous: 0 });
      });

      it('adds only while the window is below the bound, and under concurrency no further', async () => {
        const key = uniqueId('rate');
        const added = await Promise.all(
          Array.from({ length: 9 }, () => counter.add(key, W, at, 4)),
        );
        expect(added.filter(Boolean)).toHaveLength(4);
        expect(await counter.add(key, W, at, 4)).toBe(false);
        expect(await counter.add(key, W, at, 5)).toBe(true);
        // No bound: always added.
        expect(await counter.add(key, W, at)).toBe(true);
        expect((await counter.read(key, W, at)).current).toBe(6);
        // The bound is the running window's: the next window starts from nothing.
        expect(await counter.add(key, W, at + W, 1)).toBe(true);
        expect(await counter.add(key, W, at + W, 1)).toBe(false);
      });

      it('admits nothing under a bound of 0, in a window never counted in too', async () => {
        // The price's admission limit can be 0 after a heavy window: no proof is then cheap
        // enough, the first of a new window included.
        const key = uniqueId('rate');
        expect(await counter.add(key, W, at, 0)).toBe(false);
        expect((await counter.read(key, W, at)).current).toBe(0);
        expect(await counter.add(key, W, at, 1)).toBe(true);
        expect(await counter.add(key, W, at, 1)).toBe(false);
        await counter.subtract(key, W, at);
        expect(await counter.add(key, W, at, 0)).toBe(false);
      });

      it('takes one back from the window of the moment, never below nothing', async () => {
        const key = uniqueId('rate');
        await counter.add(key, W, at - W);
        await counter.add(key, W, at);
        await counter.add(key, W, at);

        await counter.subtract(key, W, at);
        expect(await counter.read(key, W, at)).toEqual({ current: 1, previous: 1 });
        await counter.subtract(key, W, at);
        await counter.subtract(key, W, at);
        expect(await counter.read(key, W, at)).toEqual({ current: 0, previous: 1 });
        // Taken back to nothing, the window counts from nothing again.
        expect(await counter.add(key, W, at, 1)).toBe(true);
        expect(await counter.add(key, W, at, 1)).toBe(false);
        // A window never counted: nothing to take back, nothing goes wrong.
        await counter.subtract(uniqueId('rate'), W, at);
      });
    });
  });
}

/** A moment well after the epoch, as the stores take times: epoch milliseconds. */
const T = 1_800_000_000_000;
const LEASE_MS = 30_000;

function uniqueId(label: string): string {
  return `${label}-${randomUUID()}`;
}

/** A lead that owes both messages, with a key and an id no other test uses. */
function lead(overrides: Partial<StoredLead> = {}): StoredLead {
  const emails: StoredLead['emails'] = {
    sales: { status: 'pending', attempts: 0 },
    visitor: { status: 'pending', attempts: 0 },
  };
  return {
    form: 'contact' as LeadForm,
    submissionId: uniqueId('id'),
    idempotencyKey: uniqueId('key'),
    payloadHash: 'body-hash',
    createdAt: '2026-01-01T09:00:00.000Z',
    fields: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    emailHash: 'email-hash',
    userAgent: 'Mozilla/5.0',
    ipHash: 'ip-hash',
    spam: false,
    emailStatus: 'pending',
    emails,
    expiresAt: 2_000_000_000,
    ...overrides,
  };
}

function ref(stored: LeadRef): LeadRef {
  return { form: stored.form, idempotencyKey: stored.idempotencyKey };
}

function sendRecord(overrides: Partial<SendRecord> & { leaseToken: string }): SendRecord {
  const sent: MessageState = { status: 'sent', attempts: 1, messageId: 'm-1' };
  const failed: MessageState = { status: 'failed', attempts: 1, error: 'Error: down' };
  const owed = overrides.owed ?? false;
  return {
    emails: owed ? { sales: sent, visitor: failed } : { sales: sent, visitor: sent },
    emailStatus: owed ? 'failed' : 'sent',
    owed,
    at: '2026-01-01T09:00:01.000Z',
    ...overrides,
  };
}

function claim(
  store: LeadStore,
  lead: LeadRef,
  leaseToken: string,
  nowMs: number,
  heldOnly = false,
) {
  return store.claimPending(ref(lead), {
    leaseToken,
    nowMs,
    leaseUntil: nowMs + LEASE_MS,
    ...(heldOnly ? { heldOnly: true } : {}),
  });
}

/** Every lead the re-send list holds due by then, page after page. */
async function listAll(store: LeadStore, dueBy: number) {
  const leads = [];
  let cursor: string | undefined;
  do {
    const page = await store.listPending({ dueBy, limit: 10, cursor });
    leads.push(...page.leads);
    cursor = page.cursor;
  } while (cursor);
  return leads;
}

function delivery(
  outcome: DeliveryState['outcome'],
  rank: number,
  messageId = 'm-visitor',
): DeliveryState {
  return { outcome, rank, messageId, at: '2026-01-01T10:00:00.000Z' };
}
