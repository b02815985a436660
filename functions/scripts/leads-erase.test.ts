import { describe, expect, it } from 'vitest';
import { parseEraseArgs } from './leads-erase.ts';
import { UsageError } from './lib/cli.ts';

describe('parseEraseArgs', () => {
  it('is a dry run unless --yes is given', () => {
    expect(parseEraseArgs(['--email', ' Ada+news@Example.com '])).toEqual({
      email: 'Ada+news@Example.com',
      yes: false,
      table: undefined,
      region: undefined,
    });
    expect(parseEraseArgs(['--email=ada@example.com', '--yes', '--table', 'leads'])).toMatchObject({
      yes: true,
      table: 'leads',
    });
  });

  it.each([
    [[], /--email is required/],
    [['--email', ''], /--email is required/],
    [['--email', 'ada'], /not an e-mail address/],
    [['--email', '@example.com'], /not an e-mail address/],
    [['--email', 'ada@'], /not an e-mail address/],
    [['--email', 'ada lovelace@example.com'], /not an e-mail address/],
    [['--email', 'ada@example.com', '--force'], /Unknown option '--force'/],
    [['--email', 'ada@example.com', 'bob@example.com'], /positional/i],
    [['--email', 'ada@example.com', '--yes=no'], /does not take an argument/],
  ])('refuses %j', (argv, message) => {
    const parse = () => parseEraseArgs(argv as string[]);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });
});
