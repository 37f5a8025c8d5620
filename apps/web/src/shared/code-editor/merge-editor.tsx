import { MergeView } from '@codemirror/merge';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from '@uiw/react-codemirror';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCodeEditorProps } from './code-editor';
import { contentAttributes, EDITOR_SETUP } from './editor-setup';

/**
 * The side-by-side diff (@codemirror/merge): `original` on the left, read-only; `value` on the
 * right, editable unless `readOnly`. The view is made once; later values and extensions are
 * applied to it (the right side's cursor survives its own edits).
 */
export default function MergeEditor(props: TCodeEditorProps & { extensions: Extension[] }) {
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
