import type { TCodegenFile } from '@linkstore/contract';
import { LazyCodeEditor } from '../../shared/code-editor/lazy-code-editor';

/** A generated file in the shared code editor, read-only, highlighted as its language. */
export function CodeView({ file, label }: { file: TCodegenFile; label: string }) {
  return (
    <LazyCodeEditor
      key={file.path}
      value={file.content}
      language={file.language}
      readOnly
      height="min(60vh, 560px)"
      aria-label={label}
    />
  );
}
