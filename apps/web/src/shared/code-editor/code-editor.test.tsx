// Own modules: it asserts the lazy editor's placeholder, shown only before its module's first load.
import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { installRangeRects } from '../test/range-rects';
import { buildThemeConfig } from '../theme/theme-config';
import { CodeEditor, type TCodeEditorProps } from './code-editor';
import { LazyCodeEditor } from './lazy-code-editor';

beforeAll(async () => {
  await initI18n('en');
  installRangeRects();
});

function wrap(children: ReactNode, isDark = false) {
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={buildThemeConfig(isDark, '#4080FF')}>{children}</ConfigProvider>
    </I18nextProvider>
  );
}

function renderEditor(props: Partial<TCodeEditorProps> & { value: string }, isDark = false) {
  return render(wrap(<CodeEditor aria-label="Source" {...props} />, isDark));
}

/** The CodeMirror view behind a `.cm-editor` element. */
function viewOf(element: Element | null): EditorView {
  const view = element ? EditorView.findFromDOM(element as HTMLElement) : null;
  if (!view) throw new Error('no editor view');
  return view;
}

/** A key pressed in the editor: CodeMirror's own keymap handles it (Enter, Backspace…). */
function press(view: EditorView, key: string, keyCode: number) {
  act(() => {
    view.contentDOM.dispatchEvent(
      new KeyboardEvent('keydown', { key, keyCode, bubbles: true, cancelable: true }),
    );
  });
}

/** Puts the cursor at `at` (the end when omitted). */
function moveTo(view: EditorView, at = view.state.doc.length) {
  act(() => view.dispatch({ selection: { anchor: at } }));
}

describe('CodeEditor', () => {
  it('plain mode: line numbers, a named text box, the language and §9 defaults', async () => {
    const { container } = renderEditor({
      value: 'const a = 1;\nfunction f() {\n  return a;\n}',
      language: 'typescript',
    });
    const box = screen.getByRole('textbox', { name: 'Source' });
    expect(box).toHaveAttribute('contenteditable', 'true');
    const numbers = [...container.querySelectorAll('.cm-lineNumbers .cm-gutterElement')].map(
      (e) => e.textContent,
    );
    expect(numbers).toEqual(expect.arrayContaining(['1', '2', '3', '4']));
    expect(container.querySelector('.cm-foldGutter')).not.toBeNull();
    expect(container.querySelector('.cm-activeLine')).not.toBeNull();
    const view = viewOf(container.querySelector('.cm-editor'));
    expect(view.state.tabSize).toBe(2);
    // Syntax colours from the TypeScript parser (loaded a moment later): the keyword has a class.
    await waitFor(() => expect(container.querySelector('.cm-line span[class]')).not.toBeNull());
    expect(container.querySelector('.linkstore-code-editor')).toHaveAttribute('data-mode', 'plain');
  });

  it('smart indent by two spaces on Enter, and onChange gets the new text', async () => {
    const onChange = vi.fn();
    const { container } = renderEditor({ value: 'function f() {}', language: 'typescript', onChange });
    await waitFor(() => expect(container.querySelector('.cm-line span[class]')).not.toBeNull());
    const view = viewOf(container.querySelector('.cm-editor'));
    moveTo(view, 'function f() {'.length);
    press(view, 'Enter', 13);
    expect(view.state.doc.toString()).toBe('function f() {\n  \n}');
    expect(onChange).toHaveBeenLastCalledWith('function f() {\n  \n}');
    press(view, 'Backspace', 8);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('refuses edits when read-only', () => {
    const onChange = vi.fn();
    const { container } = renderEditor({ value: 'SELECT 1', language: 'sql', readOnly: true, onChange });
    expect(screen.getByRole('textbox', { name: 'Source' })).toHaveAttribute('aria-readonly', 'true');
    const view = viewOf(container.querySelector('.cm-editor'));
    expect(view.state.readOnly).toBe(true);
    moveTo(view);
    press(view, 'Enter', 13);
    press(view, 'Backspace', 8);
    expect(view.state.doc.toString()).toBe('SELECT 1');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('merge mode: the original on the left, the value on the right, changes marked', async () => {
    const { container } = renderEditor({
      mode: 'merge',
      original: 'one\ntwo\nthree',
      value: 'one\n2\nthree\nfour',
      readOnly: true,
    });
    const left = await screen.findByRole('textbox', { name: 'Source — original' });
    const right = screen.getByRole('textbox', { name: 'Source — changed' });
    expect(left).toHaveTextContent('onetwothree');
    expect(right).toHaveTextContent('one2threefour');
    expect(container.querySelector('.cm-mergeView')).not.toBeNull();
    expect(container.querySelectorAll('.cm-mergeView .cm-lineNumbers')).toHaveLength(2);
    expect(
      container.querySelector('.cm-merge-a .cm-changedLine, .cm-merge-a .cm-deletedChunk'),
    ).not.toBeNull();
    expect(container.querySelector('.cm-merge-b .cm-changedLine')).not.toBeNull();
    expect(viewOf(left.closest('.cm-editor')).state.readOnly).toBe(true);
    expect(viewOf(right.closest('.cm-editor')).state.readOnly).toBe(true);
  });

  it('merge mode: the right side is edited and reported, and follows a new value', async () => {
    const onChange = vi.fn();
    const { rerender } = renderEditor({ mode: 'merge', original: 'a', value: 'a', onChange });
    const right = viewOf(
      (await screen.findByRole('textbox', { name: 'Source — changed' })).closest('.cm-editor'),
    );
    moveTo(right);
    press(right, 'Enter', 13);
    expect(onChange).toHaveBeenLastCalledWith('a\n');
    rerender(
      wrap(<CodeEditor aria-label="Source" mode="merge" original="a" value="xyz" onChange={onChange} />),
    );
    expect(right.state.doc.toString()).toBe('xyz');
  });

  it.each(['log', 'fclog'] as const)(
    '%s mode: a download marker is a link, a block shows its level',
    (mode) => {
      const text =
        'Export done [download]{"href":"/api/v1/files/9","download":"users.xlsx"}[/download]\n' +
        '[error]\nA0400 Some fields\nare not valid\n[/error]\n[download]{"href":"javascript:alert(1)"}[/download]';
      const { container } = renderEditor({ value: text, mode, readOnly: true });
      const link = screen.getByRole('link', { name: 'Download' });
      expect(link).toHaveAttribute('href', '/api/v1/files/9');
      expect(link).toHaveAttribute('download', 'users.xlsx');
      expect(screen.getAllByRole('link')).toHaveLength(1);
      // The unsafe marker stays text.
      expect(container.querySelector('.cm-content')).toHaveTextContent('javascript:alert(1)');
      const block = container.querySelectorAll('[data-level="error"]');
      expect(block.length).toBeGreaterThan(0);
      expect([...block].map((e) => e.textContent).join('\n')).toContain('A0400 Some fields');
      expect(container.querySelector('.cm-log-badge.cm-log-error')).toHaveTextContent('Error');
      expect(container.querySelector('.cm-content')).not.toHaveTextContent('[error]');
      expect(container.querySelector('.cm-content')).not.toHaveTextContent('[/error]');
      // The document itself still holds the markers (copying copies them).
      expect(viewOf(container.querySelector('.cm-editor')).state.doc.toString()).toBe(text);
    },
  );

  it('plain mode shows markers as they are written', () => {
    const { container } = renderEditor({ value: '[info]hello[/info]' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('.cm-content')).toHaveTextContent('[info]hello[/info]');
  });

  it('follows the console theme: dark background and a dark editor in the dark theme', () => {
    const { container } = renderEditor({ value: 'x' }, true);
    const view = viewOf(container.querySelector('.cm-editor'));
    expect(view.state.facet(EditorView.darkTheme)).toBe(true);
    const light = renderEditor({ value: 'y' }, false);
    expect(viewOf(light.container.querySelector('.cm-editor')).state.facet(EditorView.darkTheme)).toBe(false);
  });
});

describe('LazyCodeEditor', () => {
  it('holds the place at the same height, then shows the editor', async () => {
    render(wrap(<LazyCodeEditor aria-label="Later" value="x" height="240px" />));
    const placeholder = screen.getByRole('status', { name: 'Later' });
    expect(placeholder).toHaveStyle({ height: '240px' });
    expect(await screen.findByRole('textbox', { name: 'Later' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Later' })).toBeNull();
  });
});
