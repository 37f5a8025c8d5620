import type { Extension } from '@codemirror/state';
import type { TCodeEditorProps } from './code-editor';

/**
 * A language's CodeMirror support, loaded when an editor first needs it (its own chunk: the log
 * view needs none, and the TypeScript and SQL parsers are most of the editor's weight).
 */
export async function loadLanguage(language: TCodeEditorProps['language']): Promise<Extension> {
  switch (language) {
    case 'typescript':
      return (await import('@codemirror/lang-javascript')).javascript({ typescript: true });
    case 'tsx':
      return (await import('@codemirror/lang-javascript')).javascript({ typescript: true, jsx: true });
    case 'sql':
      return (await import('@codemirror/lang-sql')).sql();
    case 'json':
      return (await import('@codemirror/lang-json')).json();
    default:
      return [];
  }
}
