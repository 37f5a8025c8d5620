import { describe, expect, it } from 'vitest';
import { parseLogText, safeHref } from './log-text';

describe('parseLogText', () => {
  it('keeps plain text as one segment', () => {
    expect(parseLogText('Edits a setting')).toEqual([{ kind: 'text', text: 'Edits a setting' }]);
  });

  it('splits levelled blocks out of the text, multi-line', () => {
    expect(parseLogText('Adds a user\n[error]A0400 Some fields\nare not valid[/error] then')).toEqual([
      { kind: 'text', text: 'Adds a user\n' },
      { kind: 'block', level: 'error', text: 'A0400 Some fields\nare not valid' },
      { kind: 'text', text: ' then' },
    ]);
    expect(parseLogText('[info]a[/info][warning]b[/warning][success]c[/success]').map((s) => s.kind)).toEqual(
      ['block', 'block', 'block'],
    );
  });

  it('turns a download marker into a link with its attributes', () => {
    expect(
      parseLogText('Export [download]{"href":"/api/v1/files/1","download":"users.xlsx"}[/download]'),
    ).toEqual([
      { kind: 'text', text: 'Export ' },
      { kind: 'download', href: '/api/v1/files/1', download: 'users.xlsx' },
    ]);
  });

  it('leaves unsafe or broken download markers as text', () => {
    const evil = '[download]{"href":"javascript:alert(1)"}[/download]';
    expect(parseLogText(evil)).toEqual([{ kind: 'text', text: evil }]);
    expect(parseLogText('[download]not json[/download]')).toEqual([
      { kind: 'text', text: '[download]not json[/download]' },
    ]);
    expect(parseLogText('[error]unclosed')).toEqual([{ kind: 'text', text: '[error]unclosed' }]);
  });

  it('accepts only same-site paths and http(s) links', () => {
    expect(safeHref('/a')).toBe('/a');
    expect(safeHref('https://x.example/a')).toBe('https://x.example/a');
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(safeHref(3)).toBeUndefined();
  });
});
