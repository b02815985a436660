import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiGatewayTime,
  formatResponse,
  handlerNames,
  parseInvokeArgs,
  readEvent,
} from './invoke.ts';
import { UsageError } from './lib/cli.ts';

const functionsDir = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'kryon-invoke-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('parseInvokeArgs', () => {
  it("takes the visitor's address and a solved browser check for a form's handler", () => {
    expect(
      parseInvokeArgs([
        'download',
        join(functionsDir, 'events', 'download.json'),
        '--email',
        'bounce@simulator.amazonses.com',
        '--solve-challenge',
      ]),
    ).toEqual({
      handler: 'download',
      eventPath: join(functionsDir, 'events', 'download.json'),
      email: 'bounce@simulator.amazonses.com',
      solveChallenge: true,
    });
    expect(() =>
      parseInvokeArgs(['health', join(functionsDir, 'events', 'health.json'), '--solve-challenge']),
    ).toThrow(/form handler only/);
    expect(() =>
      parseInvokeArgs(['download', join(functionsDir, 'events', 'download.json'), '--email', 'x']),
    ).toThrow(/not an e-mail address/);
  });

  it('knows every routed handler and the fallback', () => {
    expect(handlerNames()).toEqual(
      expect.arrayContaining(['contact', 'health', 'status', 'not-found']),
    );
  });

  it('resolves the event file from the directory npm was run in (INIT_CWD)', () => {
    const before = process.env.INIT_CWD;
    process.env.INIT_CWD = resolve(functionsDir, '..');
    try {
      expect(parseInvokeArgs(['contact', 'functions/events/contact.json'])).toEqual({
        handler: 'contact',
        eventPath: join(functionsDir, 'events', 'contact.json'),
      });
    } finally {
      process.env.INIT_CWD = before;
    }
  });

  it.each([
    [[], /Give a handler and an event file/],
    [['contact'], /Give a handler and an event file/],
    [['nope', 'events/contact.json'], /Unknown handler "nope"/],
    [['../wiring', 'events/contact.json'], /Unknown handler/],
    [['contact', 'events/missing.json'], /No event file at/],
    [['contact', 'events/contact.json', 'more'], /Unexpected argument more/],
    [['--verbose', 'contact', 'events/contact.json'], /Unknown option '--verbose'/],
  ])('refuses %j', (argv, message) => {
    const parse = () => parseInvokeArgs(argv as string[]);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });
});

describe('readEvent', () => {
  it('gives the event a fresh request id and time, keeping the rest', () => {
    const file = join(functionsDir, 'events', 'status.json');
    const first = readEvent(file);
    const second = readEvent(file);
    expect(first.rawPath).toBe('/api/email/status');
    expect(first.requestContext.requestId).not.toBe(second.requestContext.requestId);
    expect(Math.abs(first.requestContext.timeEpoch - Date.now())).toBeLessThan(5_000);
    expect(first.requestContext.time).toMatch(/^\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
  });

  it.each([
    ['not json', '{"version":'],
    ['not an event', '{"version":"1.0","rawPath":"/x"}'],
    ['an array', '[]'],
  ])('refuses a file that is %s', (_, text) => {
    const file = join(scratch, 'event.json');
    writeFileSync(file, text);
    expect(() => readEvent(file)).toThrow(UsageError);
  });
});

describe('apiGatewayTime', () => {
  it('writes the requestContext.time format', () => {
    expect(apiGatewayTime(new Date('2026-11-03T04:05:06.789Z'))).toBe('03/Nov/2026:04:05:06 +0000');
  });
});

describe('formatResponse', () => {
  it('prints status, sorted headers and the JSON body indented', () => {
    expect(
      formatResponse({
        statusCode: 429,
        headers: { 'retry-after': '60', 'content-type': 'application/json' },
        body: '{"success":false,"message":"Too many"}',
      }),
    ).toBe(
      'HTTP 429\ncontent-type: application/json\nretry-after: 60\n\n{\n  "success": false,\n  "message": "Too many"\n}\n',
    );
  });

  it('prints a body that is not JSON as it is, decoding base64', () => {
    expect(
      formatResponse({
        statusCode: 200,
        headers: {},
        body: Buffer.from('plain text').toString('base64'),
        isBase64Encoded: true,
      }),
    ).toBe('HTTP 200\n\nplain text\n');
  });
});
