import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { sql } from '@codemirror/lang-sql';
import { indentUnit, syntaxHighlighting } from '@codemirror/language';
import { MergeView } from '@codemirror/merge';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror, { basicSetup, type BasicSetupOptions } from '@uiw/react-codemirror';
import { theme as antdTheme } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { editorTheme, isDarkBackground, SYNTAX_PALETTES, syntaxStyle } from './editor-theme';
import { logMode, type TLogLabels } from './log-decorations';

export type TCodeEditorMode = 'plain' | 'merge' | 'log' | 'fclog';

export interface TCodeEditorProps {
  value: string;
  /** Default plain. `log` and `fclog` are the same: the log markers of SPEC §3 rendered. */
  mode?: TCodeEditorMode;
  /** merge: the left side (the original); `value` is the right side. */
  original?: string;
  language?: 'typescript' | 'tsx' | 'sql' | 'json' | 'text';
  readOnly?: boolean;
  onChange?: (value: string) => void;
  /** CSS height, default '400px'. */
  height?: string;
  'aria-label': string;
}

/**
 * SPEC §9's editor defaults: line numbers, indent unit 2, smart indent (the language's indentation
 * on Enter and as you type), active line highlight, fold gutter. Tab indents; Escape then Tab
 * moves the focus out of the editor (CodeMirror's own rule, so Tab never traps the keyboard).
 */
export const EDITOR_SETUP: BasicSetupOptions = {
  lineNumbers: true,
  foldGutter: true,
  highlightActiveLine: true,
  highlightActiveLineGutter: true,
  indentOnInput: true,
  tabSize: 2,
  // Our own syntax colours (readable in both themes) replace CodeMirror's default ones.
  syntaxHighlighting: false,
  autocompletion: false,
};

function languageExtension(language: TCodeEditorProps['language']): Extension {
  switch (language) {
    case 'typescript':
      return javascript({ typescript: true });
    case 'tsx':
      return javascript({ typescript: true, jsx: true });
    case 'sql':
      return sql();
    case 'json':
      return json();
    default:
      return [];
  }
}

/** Extensions every side of every mode has: §9 indentation, the theme, colours, name, language. */
function useCommonExtensions(props: TCodeEditorProps): Extension[] {
  const { token } = antdTheme.useToken();
  const { t } = useTranslation('common');
  const { mode = 'plain', language = 'text' } = props;
  const isLog = mode === 'log' || mode === 'fclog';
  const labels: TLogLabels = useMemo(
    () => ({
      download: t('codeEditor.logDownload'),
      level: {
        error: t('codeEditor.level.error'),
        warning: t('codeEditor.level.warning'),
        info: t('codeEditor.level.info'),
        success: t('codeEditor.level.success'),
      },
    }),
    [t],
  );
  const isDark = isDarkBackground(token.colorBgContainer);
  return useMemo(
    () => [
      indentUnit.of('  '),
      EditorState.tabSize.of(2),
      editorTheme(token),
      syntaxHighlighting(syntaxStyle(SYNTAX_PALETTES[isDark ? 'dark' : 'light'])),
      EditorView.lineWrapping,
      languageExtension(language),
      ...(isLog ? [logMode(labels)] : []),
    ],
    [token, isDark, language, isLog, labels],
  );
}

/** The editor's accessible name and read-only state on its text box. */
function contentAttributes(label: string, readOnly: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    ...(readOnly ? { 'aria-readonly': 'true' } : {}),
  });
}

/**
 * The side-by-side diff (@codemirror/merge): `original` on the left, read-only; `value` on the
 * right, editable unless `readOnly`. The view is made once; later values and extensions are
 * applied to it (the right side's cursor survives its own edits).
 */
function MergeEditor(props: TCodeEditorProps & { extensions: Extension[] }) {
  const { value, original = '', readOnly = false, onChange, height = '400px', extensions } = props;
  const { t } = useTranslation('common');
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<MergeView | null>(null);
  const config = useRef(new Compartment());
  const configB = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const labelA = `${props['aria-label']} — ${t('codeEditor.original')}`;
  const labelB = `${props['aria-label']} — ${t('codeEditor.changed')}`;

  useEffect(() => {
    if (!host.current) return undefined;
    const merge = new MergeView({
      parent: host.current,
      a: {
        doc: original,
        extensions: [
          basicSetup(EDITOR_SETUP),
          EditorState.readOnly.of(true),
          config.current.of([extensions, contentAttributes(labelA, true)]),
        ],
      },
      b: {
        doc: value,
        extensions: [
          basicSetup(EDITOR_SETUP),
          config.current.of(extensions),
          configB.current.of([EditorState.readOnly.of(readOnly), contentAttributes(labelB, readOnly)]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      },
      highlightChanges: true,
      gutter: true,
    });
    view.current = merge;
    return () => {
      merge.destroy();
      view.current = null;
    };
    // Made once; the effects below keep it up to date.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const merge = view.current;
    if (!merge) return;
    merge.a.dispatch({ effects: config.current.reconfigure([extensions, contentAttributes(labelA, true)]) });
    merge.b.dispatch({
      effects: [
        config.current.reconfigure(extensions),
        configB.current.reconfigure([EditorState.readOnly.of(readOnly), contentAttributes(labelB, readOnly)]),
      ],
    });
  }, [extensions, readOnly, labelA, labelB]);

  useEffect(() => {
    const merge = view.current;
    if (!merge) return;
    for (const [side, doc] of [
      [merge.a, original],
      [merge.b, value],
    ] as const) {
      if (side.state.doc.toString() !== doc)
        side.dispatch({ changes: { from: 0, to: side.state.doc.length, insert: doc } });
    }
  }, [original, value]);

  return (
    <div
      ref={host}
      className="linkstore-code-editor linkstore-code-editor-merge"
      data-mode="merge"
      style={{ height, overflow: 'auto', maxWidth: '100%' }}
    />
  );
}

/**
 * The one code editor (CodeMirror 6): plain, merge (side-by-side diff) or log (`log`/`fclog`:
 * download markers as links, levelled blocks). Follows the console theme. Load it through
 * `LazyCodeEditor` so CodeMirror stays out of a page's first chunk.
 */
export function CodeEditor(props: TCodeEditorProps) {
  const { value, mode = 'plain', readOnly = false, onChange, height = '400px' } = props;
  const label = props['aria-label'];
  const common = useCommonExtensions(props);
  const extensions = useMemo(
    () => [...common, contentAttributes(label, readOnly)],
    [common, label, readOnly],
  );
  if (mode === 'merge') return <MergeEditor {...props} extensions={common} />;
  return (
    <CodeMirror
      className="linkstore-code-editor"
      data-mode={mode === 'fclog' ? 'log' : mode}
      value={value}
      height={height}
      theme="none"
      basicSetup={EDITOR_SETUP}
      extensions={extensions}
      readOnly={readOnly}
      onChange={onChange ? (next) => onChange(next) : undefined}
      style={{ maxWidth: '100%' }}
    />
  );
}

export default CodeEditor;
