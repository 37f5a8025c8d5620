import type { TCodegenFile } from '@linkstore/contract';

/**
 * A generated file, read-only. A plain `<pre>` until the shared code editor lands; then this
 * one component switches to it (language per file).
 */
export function CodeView({ file, label }: { file: TCodegenFile; label: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="codegen-code"
      style={{
        margin: 0,
        maxHeight: '60vh',
        overflow: 'auto',
        padding: 12,
        fontSize: 12,
        lineHeight: 1.5,
        borderRadius: 6,
        background: 'var(--ant-color-fill-quaternary, rgba(0, 0, 0, 0.04))',
        color: 'var(--ant-color-text, inherit)',
      }}
    >
      <code>{file.content}</code>
    </pre>
  );
}
