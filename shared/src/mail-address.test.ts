import { describe, expect, it } from 'vitest';
import { bareAddress, isEmailAddress, parseFromHeader } from './mail-address.ts';

describe('isEmailAddress', () => {
  it.each([
    ['ada@kryon.example', true],
    ['first.last+tag@mail.kryon.example', true],
    ['ada@localhost', false],
    ['Ada <ada@kryon.example>', false],
    ['a@b@kryon.example', false],
    ['', false],
  ])('%j: %j', (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });
});

describe('parseFromHeader', () => {
  it('reads one address, or a name and one address in angle brackets', () => {
    expect(parseFromHeader('no-reply@kryon.example')).toEqual({
      address: 'no-reply@kryon.example',
    });
    expect(parseFromHeader(' Kryon <no-reply@kryon.example> ')).toEqual({
      name: 'Kryon',
      address: 'no-reply@kryon.example',
    });
  });

  it.each([
    ['no address', 'Kryon'],
    ['two addresses', 'a@kryon.example, b@kryon.example'],
    ['a header break', 'Kryon <a@kryon.example>\r\nBcc: eve@evil.example'],
    ['an unclosed bracket', 'Kryon <a@kryon.example'],
    ['an address in the name', 'a@kryon.example <b@kryon.example>'],
    ['a second bracket', 'Kryon <a@kryon.example> <b@kryon.example>'],
    ['a domain with no dot', 'Kryon <a@localhost>'],
  ])('is not one with %s', (_label, value) => {
    expect(parseFromHeader(value)).toBeUndefined();
  });
});

describe('bareAddress', () => {
  it('takes the address of a header SES reports, and never refuses', () => {
    expect(bareAddress('Kryon Sales <sales@kryon.example>')).toBe('sales@kryon.example');
    expect(bareAddress(' ada@kryon.example ')).toBe('ada@kryon.example');
    expect(bareAddress('not an address')).toBe('not an address');
  });
});
