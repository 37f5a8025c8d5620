import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCodeEditorProps } from './code-editor';

const CodeEditor = lazy(() => import('./code-editor'));

/** What stands in for the editor while CodeMirror loads: the same height, so nothing moves. */
function EditorPlaceholder({ height = '400px', label }: { height?: string; label: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      className="linkstore-code-editor-placeholder"
      role="status"
      aria-label={label}
      style={{ height, maxWidth: '100%', boxSizing: 'border-box' }}
    >
      {t('codeEditor.loading')}
    </div>
  );
}

/**
 * The code editor, loaded when first shown (CodeMirror is never in a page's first chunk). Same
 * props as `CodeEditor`.
 */
export function LazyCodeEditor(props: TCodeEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder height={props.height} label={props['aria-label']} />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}

export default LazyCodeEditor;
