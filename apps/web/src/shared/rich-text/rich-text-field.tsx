import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';
import styles from './rich-text-editor.module.css';

/** Loaded on first use: tiptap never lands in the login or storefront chunks. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** A form field editing a rich text document (decision 0017); `Form.Item` gives value and onChange. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className={styles.fallback} aria-busy="true" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
