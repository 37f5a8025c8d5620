import { describe, expect, it } from 'vitest';
import { csvField, csvFile } from './csv';

describe('CSV fields', () => {
  it('keeps every text cell a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("http://x","y")', { text: true })).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+1', { text: true })).toBe("'+1");
    expect(csvField('-2', { text: true })).toBe("'-2");
    expect(csvField('@x', { text: true })).toBe("'@x");
    expect(csvField('\tcmd', { text: true })).toBe("'\tcmd");
    expect(csvField('\r=1', { text: true })).toBe('"\'\r=1"');
    // Anywhere but the start, nothing runs: left as typed.
    expect(csvField('Mug =1', { text: true })).toBe('Mug =1');
  });

  it('quotes a comma, a quote and a line break (RFC 4180)', () => {
    expect(csvField('a,b', { text: true })).toBe('"a,b"');
    expect(csvField('say "hi"', { text: true })).toBe('"say ""hi"""');
    expect(csvField('two\nlines', { text: true })).toBe('"two\nlines"');
    expect(csvField('', { text: true })).toBe('');
  });

  it('writes numbers as they are, a negative amount included', () => {
    expect(csvField('-12.50', { text: false })).toBe('-12.50');
    expect(csvField('+3', { text: false })).toBe('+3');
    expect(csvField('2500', { text: false })).toBe('2500');
  });

  it('makes the file: a BOM, then every row ended by CRLF', () => {
    const bytes = csvFile([
      ['Name', 'Amount'],
      [csvField('=1+1', { text: true }), csvField('-0.50', { text: false })],
    ]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe("\uFEFFName,Amount\r\n'=1+1,-0.50\r\n");
  });
});
