import { describe, expect, it } from 'vitest';
import { loopback, parseFloodArgs } from './flood.ts';
import { UsageError } from './lib/cli.ts';

describe('npm run flood', () => {
  it('runs against the local stack named by PORT and SES_PORT, on a small budget by default', () => {
    const options = parseFloodArgs([], { PORT: '3300', SES_PORT: '8305' });
    expect(options.base.origin).toBe('http://127.0.0.1:3300');
    expect(options.sesUrl).toBe('http://127.0.0.1:8305');
    expect(options).toMatchObject({ cpuSeconds: 30, concurrency: 2, form: 'download' });
  });

  it('refuses a host that is not this machine, a form that mails no visitor, a bad budget', () => {
    expect(() => parseFloodArgs(['--base', 'https://www.kryon.security'], {})).toThrow(UsageError);
    expect(() => parseFloodArgs(['--form', 'contact'], {})).toThrow(UsageError);
    expect(() => parseFloodArgs(['--cpu-seconds', '0'], {})).toThrow(UsageError);
  });

  it('posts each request from a loopback address of its own', () => {
    const addresses = Array.from({ length: 70_000 }, (_, n) => loopback(n + 1));
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const address of addresses.slice(0, 300)) {
      expect(address).toMatch(/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
      expect(address.split('.').every((part) => Number(part) <= 255)).toBe(true);
    }
    expect(addresses).not.toContain('127.0.0.1');
  });
});
