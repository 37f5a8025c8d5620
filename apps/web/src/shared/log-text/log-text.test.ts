import { describe, expect, it } from 'vitest';
import { findLogMarkers, parseLogText, safeHref } from './log-text';

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

describe('findLogMarkers', () => {
  it('says where each marker and its body are', () => {
    const text =
      'Export\n[warning]\nslow\n[/warning] [download]{"href":"/f/1"}[/download][download]x[/download]';
    const [block, link, ...rest] = findLogMarkers(text);
    expect(rest).toEqual([]);
    expect(block).toMatchObject({ kind: 'block', level: 'warning' });
    expect(link).toMatchObject({ kind: 'download', href: '/f/1' });
    if (block?.kind !== 'block' || !link) throw new Error('markers expected');
    expect(text.slice(block.from, block.to)).toBe('[warning]\nslow\n[/warning]');
    expect(text.slice(block.bodyFrom, block.bodyTo)).toBe('\nslow\n');
    expect(text.slice(link.from, link.to)).toBe('[download]{"href":"/f/1"}[/download]');
  });
});
