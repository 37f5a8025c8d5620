import { indentUnit, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { theme as antdTheme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './code-editor.css';
import { contentAttributes, EDITOR_SETUP } from './editor-setup';
import { editorTheme, isDarkBackground, SYNTAX_PALETTES, syntaxStyle } from './editor-theme';
import { loadLanguage } from './languages';
import { logMode, type TLogLabels } from './log-decorations';

export { EDITOR_SETUP } from './editor-setup';

/** The side-by-side diff, in its own chunk (only the generator's preview compares). */
const MergeEditor = lazy(() => import('./merge-editor'));

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
  // The language arrives a moment later (its own chunk): the text shows at once, colours follow.
  const [languageSupport, setLanguageSupport] = useState<{ language: string; extension: Extension }>();
  useEffect(() => {
    let isCurrent = true;
    loadLanguage(language).then(
      (extension) => {
        if (isCurrent) setLanguageSupport({ language, extension });
      },
      () => undefined, // Without its chunk the text stays uncoloured.
    );
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return useMemo(
    () => [
      indentUnit.of('  '),
      EditorState.tabSize.of(2),
      editorTheme(token),
      syntaxHighlighting(syntaxStyle(SYNTAX_PALETTES[isDark ? 'dark' : 'light'])),
      EditorView.lineWrapping,
      languageSupport?.language === language ? languageSupport.extension : [],
      ...(isLog ? [logMode(labels)] : []),
    ],
    [token, isDark, language, languageSupport, isLog, labels],
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
  if (mode === 'merge') {
    return (
      <Suspense fallback={<div style={{ height, maxWidth: '100%' }} />}>
        <MergeEditor {...props} extensions={common} />
      </Suspense>
    );
  }
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
