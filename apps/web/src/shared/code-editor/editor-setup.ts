import { EditorView } from '@codemirror/view';
import type { BasicSetupOptions } from '@uiw/react-codemirror';
import type { Extension } from '@codemirror/state';

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

/** The editor's accessible name and read-only state on its text box. */
export function contentAttributes(label: string, readOnly: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    ...(readOnly ? { 'aria-readonly': 'true' } : {}),
  });
}
