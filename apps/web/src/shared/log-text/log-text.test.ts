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

  it('accepts only same-origin paths under the download routes', () => {
    expect(safeHref('/api/v1/files/1')).toBe('/api/v1/files/1');
    expect(safeHref('/files/a1b2.xlsx?download=1')).toBe('/files/a1b2.xlsx?download=1');
    for (const evil of [
      '/\\evil.example',
      '/\\evil.example/api/v1/files/1',
      '\\\\evil.example',
      '//evil',
      '//evil.example/api/v1/files/1',
      '/api/v1/files//evil.example',
      '/api/v1/files/\\evil',
      '/\t/evil.example',
      '/api/v1/files/\n1',
      'https://evil.example/api/v1/files/1',
      'http://evil.example',
      'HTTPS://evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '/a',
      '/api/v1/users/1',
      '/api/v1/files/../../evil',
      '/api/v1/files/%2f%2fevil.example',
      '/api/v1/files/%5cevil',
      'api/v1/files/1',
      '',
    ]) {
      expect(safeHref(evil), evil).toBeUndefined();
    }
    expect(safeHref(3)).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });

  it('draws no link for a download marker to another site', () => {
    for (const href of ['/\\evil.example', '//evil', 'https://evil', 'javascript:alert(1)']) {
      const text = `Export [download]${JSON.stringify({ href, download: 'a.xlsx' })}[/download]`;
      expect(parseLogText(text), href).toEqual([{ kind: 'text', text }]);
      expect(findLogMarkers(text), href).toEqual([]);
    }
  });
});

describe('findLogMarkers', () => {
  it('says where each marker and its body are', () => {
    const text =
      'Export\n[warning]\nslow\n[/warning] [download]{"href":"/files/1"}[/download][download]x[/download]';
    const [block, link, ...rest] = findLogMarkers(text);
    expect(rest).toEqual([]);
    expect(block).toMatchObject({ kind: 'block', level: 'warning' });
    expect(link).toMatchObject({ kind: 'download', href: '/files/1' });
    if (block?.kind !== 'block' || !link) throw new Error('markers expected');
    expect(text.slice(block.from, block.to)).toBe('[warning]\nslow\n[/warning]');
    expect(text.slice(block.bodyFrom, block.bodyTo)).toBe('\nslow\n');
    expect(text.slice(link.from, link.to)).toBe('[download]{"href":"/files/1"}[/download]');
  });
});
