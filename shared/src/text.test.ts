import { describe, expect, it } from 'vitest';
import { cleanLine, cleanMultiline } from './text.ts';

describe('cleanLine', () => {
  it('removes line breaks, control characters and angle brackets', () => {
    expect(cleanLine('Ada\r\nBcc: x@evil.example')).toBe('Ada Bcc: x@evil.example');
    expect(cleanLine('A\u0000d\u001ba\u0085 L\u2028ove')).toBe('A d a L ove');
    expect(cleanLine(' <b>Ada</b>\t ')).toBe('bAda/b');
  });
});

describe('cleanMultiline', () => {
  it('keeps paragraph breaks but drops control characters and extra blank lines', () => {
    expect(cleanMultiline('Hello\r\n\r\n\r\n\r\nWorld\u0007!\u0085')).toBe('Hello\n\nWorld !');
    expect(cleanMultiline('line one  \n   line two')).toBe('line one\nline two');
  });
});
