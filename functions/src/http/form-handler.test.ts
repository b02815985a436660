import { SUCCESS_MESSAGES, UNSENT_MESSAGES } from '@kryon/shared/messages';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, bodyOf, sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeLeadStore,
  FakeMailer,
  FakeMetrics,
  fakeSolution,
} from '../../test/fake-lead-store.ts';
import { testLeadConfig } from '../../test/lead-config.ts';
import type { FormDefinition } from '../leads/form-definition.ts';
import { downloadForm } from '../leads/forms/download.ts';
import { partnerForm } from '../leads/forms/partner.ts';
import { createFormHandler } from './form-handler.ts';

const NOW = new Date('2026-11-26T09:00:00.000Z');
let mailer: FakeMailer;
let ids: number;

beforeEach(() => {
  mailer = new FakeMailer();
  ids = 0;
});

function handler(definition: FormDefinition) {
  const unlimited = { max: 1e9, windowMs: 60_000 };
  return createFormHandler(definition, {
    store: new FakeLeadStore(),
    mailer,
    metrics: new FakeMetrics(),
    log: { info() {}, warn() {}, error() {} },
    now: () => NOW,
    newId: () => `00000000-0000-4000-8000-00000000000${++ids}`,
    challenges: new FakeChallenges(),
    config: testLeadConfig({
      rateLimit: { email: unlimited, ip: unlimited },
      visitorMail: { perAddress: unlimited, perHour: unlimited },
      unverifiedSalesMail: unlimited,
      successMessage: SUCCESS_MESSAGES[definition.form],
      unsentMessages: UNSENT_MESSAGES[definition.form],
    }),
  });
}

function post(definition: FormDefinition, body: Record<string, unknown>) {
  return handler(definition)(
    apiEvent({
      path: `/api/email/${definition.form}`,
      body: { ...sampleBody(definition.form), ...body },
      headers: { 'idempotency-key': 'key-form-handler-1' },
    }),
  );
}

describe('the answer to an accepted lead', () => {
  it('says "also e-mailed" only when the e-mail went, and always carries the link', async () => {
    const answer = bodyOf(await post(downloadForm, { altcha: fakeSolution() }));
    expect(answer).toEqual({
      success: true,
      message: SUCCESS_MESSAGES.download,
      submissionId: '00000000-0000-4000-8000-000000000001',
      timestamp: NOW.toISOString(),
      confirmation: 'sent',
      reportUrl: expect.stringMatching(
        /^https:\/\/kryon\.example\/api\/email\/report\?lead=00000000-0000-4000-8000-000000000001&item=/,
      ),
    });
  });

  it('tells a download without a browser check the truth: not e-mailed, link here', async () => {
    const answer = bodyOf(await post(downloadForm, {}));
    expect(answer).toMatchObject({
      message: UNSENT_MESSAGES.download?.['not-sent'],
      confirmation: 'not-sent',
      reportUrl: expect.any(String),
    });
    expect(answer.message).not.toMatch(/sent\.|inbox/i);
  });

  it('tells a download whose e-mail failed for now that it is still to come', async () => {
    mailer.failure = new Error('Throttling');
    mailer.failFor = (email) => email.tags.audience === 'visitor';
    const answer = bodyOf(await post(downloadForm, { altcha: fakeSolution() }));
    expect(answer).toMatchObject({
      message: UNSENT_MESSAGES.download?.pending,
      confirmation: 'pending',
    });
  });

  it('keeps the form message of forms that claim no e-mail, with the confirmation beside it', async () => {
    const answer = bodyOf(await post(partnerForm, {}));
    expect(answer).toMatchObject({ message: SUCCESS_MESSAGES.partner, confirmation: 'not-sent' });
    expect(answer).not.toHaveProperty('reportUrl');
  });
});
