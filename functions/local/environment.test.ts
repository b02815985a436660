import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handlerEnvironment, localSettings } from './environment.ts';

const scratch = mkdtempSync(join(tmpdir(), 'kryon-env-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('localSettings', () => {
  it('gives the documented defaults, links pointing at the local server', () => {
    const settings = localSettings({});
    expect(settings).toMatchObject({
      port: 3000,
      dynamoPort: 8000,
      sesPort: 8005,
      webhookPort: 8010,
      eventBusPort: 8011,
      leadEventRetryScale: 1,
      devPort: 5173,
      tableName: 'kryon-leads',
      siteOrigin: 'http://127.0.0.1:3000',
      sesEvents: true,
    });
    expect(settings.dataDir).toMatch(/\/\.data$/);
    expect(settings.reportsDir).toMatch(/\/web\/build\/reports$/);
  });

  it('turns the SES event feed off with SES_EVENTS=off, and refuses anything but on or off', () => {
    expect(localSettings({ SES_EVENTS: 'off' }).sesEvents).toBe(false);
    expect(localSettings({ SES_EVENTS: 'on' }).sesEvents).toBe(true);
    expect(() => localSettings({ SES_EVENTS: 'no' })).toThrow('SES_EVENTS is "no": it must be on');
  });

  it('takes an empty variable for an unset one, as every local command does', () => {
    const settings = localSettings({ PORT: '', DATA_DIR: ' ', TABLE_NAME: '', SITE_ORIGIN: '' });
    expect(settings).toMatchObject({ port: 3000, tableName: 'kryon-leads' });
    expect(settings.dataDir).toBe(localSettings({}).dataDir);
    expect(settings.siteOrigin).toBe('http://127.0.0.1:3000');
  });

  it('points links at the dev server under npm run dev, and at SITE_ORIGIN when set', () => {
    expect(localSettings({ PORT: '43000', DEV_PORT: '43010' }, { dev: true }).siteOrigin).toBe(
      'http://127.0.0.1:43010',
    );
    expect(localSettings({ PORT: '43000' }).siteOrigin).toBe('http://127.0.0.1:43000');
    expect(
      localSettings({ SITE_ORIGIN: 'https://preview.example' }, { dev: true }).siteOrigin,
    ).toBe('https://preview.example');
  });

  it('takes the webhook inbox port from WEBHOOK_PORT', () => {
    expect(localSettings({ WEBHOOK_PORT: '43010' }).webhookPort).toBe(43010);
  });

  it('takes the event bus port and the retry scale, refusing a scale that is not one', () => {
    expect(localSettings({ EVENT_BUS_PORT: '43011' }).eventBusPort).toBe(43011);
    expect(localSettings({ LEAD_EVENT_RETRY_SCALE: '0.001' }).leadEventRetryScale).toBe(0.001);
    for (const wrong of ['0', '-1', '2', 'fast']) {
      expect(() => localSettings({ LEAD_EVENT_RETRY_SCALE: wrong })).toThrow(
        `LEAD_EVENT_RETRY_SCALE is "${wrong}": it must be a number above 0, at most 1`,
      );
    }
  });

  it('refuses a port that is not one', () => {
    expect(() => localSettings({ SES_PORT: '80a' })).toThrow(/SES_PORT must be a port number/);
    expect(() => localSettings({ PORT: '70000' })).toThrow(/PORT must be a port number/);
    expect(() => localSettings({ WEBHOOK_PORT: '0' })).toThrow(/WEBHOOK_PORT must be a port/);
  });
});

describe('handlerEnvironment', () => {
  it('points the handlers at the emulators with the site secret kept in DATA_DIR', () => {
    const dataDir = join(scratch, 'data');
    const settings = localSettings({ DATA_DIR: dataDir, PORT: '43000' });
    const vars = handlerEnvironment(settings, { dynamoUrl: 'http://127.0.0.1:1' }, {});
    expect(vars).toMatchObject({
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1',
      TABLE_NAME: 'kryon-leads',
      MAIL_FROM: 'Kryon Website <no-reply@kryon.example>',
      MAIL_TO: 'sales@kryon.example',
      SITE_ORIGIN: 'http://127.0.0.1:43000',
      REPORTS_DIR: settings.reportsDir,
      // No DNS to the internet here: the mail-domain check would only wait for its timeout.
      MAIL_DOMAIN_CHECK: 'off',
      // Lead events: the running npm start's bus unless the command has its own.
      AWS_ENDPOINT_URL_EVENTBRIDGE: 'http://127.0.0.1:8011',
      LEAD_EVENT_BUS_NAME: 'kryon-lead-events',
    });
    expect(vars).not.toHaveProperty('AWS_ENDPOINT_URL_SESV2');
    expect(
      handlerEnvironment(settings, { dynamoUrl: 'x', eventBusUrl: 'http://127.0.0.1:2' }, {})
        .AWS_ENDPOINT_URL_EVENTBRIDGE,
    ).toBe('http://127.0.0.1:2');
    expect(vars.IP_HASH_SECRET).toBe(readFileSync(join(dataDir, 'ip-hash-secret'), 'utf8'));
    expect(
      handlerEnvironment(settings, { dynamoUrl: 'x' }, { IP_HASH_SECRET: 'given' }),
    ).toMatchObject({ IP_HASH_SECRET: 'given' });
  });
});
