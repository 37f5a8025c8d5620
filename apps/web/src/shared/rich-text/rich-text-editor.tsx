import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EMPTY_DOC, ZRichLinkHref, type TRichDoc } from '@linkstore/contract';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Input, Popover, Space } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromEditorJson } from './editor-doc';
import { RichImage } from './rich-image';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  value?: TRichDoc | undefined;
  onChange?: ((doc: TRichDoc) => void) | undefined;
  id?: string | undefined;
  /** The field's name for assistive technology (a contenteditable is not labelled by `<label>`). */
  label: string;
  /**
   * Lets the editor insert images: the toolbar's image button picks a file, `upload` stores it
   * (answering its address and alternative text) and the image goes in at the cursor.
   */
  imageUpload?: TRichImageUpload | undefined;
}

export interface TRichImageUpload {
  /** The toolbar button's name ("Insert image"). */
  label: string;
  /** `accept` of the file picker. */
  accept: string;
  /** Stores the file; rejects (having told the user why) when it cannot. */
  upload: (file: File) => Promise<{ src: string; alt: string }>;
  /** The address the browser loads a stored `src` from. */
  resolveSrc: (src: string) => string;
}

/** Only the nodes and marks the contract allows (decision 0017); links only http(s) and mailto. */
const EXTENSIONS = [
  StarterKit.configure({
    codeBlock: false,
    horizontalRule: false,
    underline: false,
    heading: { levels: [2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => ZRichLinkHref.safeParse(url).success,
    },
  }),
];

/**
 * The rich text editor of a form field (tiptap). Loaded only through `RichTextField`, so tiptap
 * stays in its own chunk. It emits contract documents, and follows a value set from outside
 * (the form loading a product) without echoing it back.
 */
export default function RichTextEditor({ value, onChange, id, label, imageUpload }: RichTextEditorProps) {
  const { t } = useTranslation('catalog');
  const emitted = useRef<TRichDoc | undefined>(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions: imageUpload
      ? [...EXTENSIONS, RichImage.configure({ resolveSrc: imageUpload.resolveSrc })]
      : EXTENSIONS,
    content: value ?? EMPTY_DOC,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: styles.content ?? '',
      },
    },
    onUpdate: ({ editor: changed }) => {
      const doc = fromEditorJson(changed.getJSON());
      emitted.current = doc;
      onChangeRef.current?.(doc);
    },
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value ?? EMPTY_DOC, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={styles.editor}>
      <Toolbar
        editor={editor}
        label={t('product.editor.toolbar', { field: label })}
        imageUpload={imageUpload}
      />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({
  editor,
  label,
  imageUpload,
}: {
  editor: Editor;
  label: string;
  imageUpload: TRichImageUpload | undefined;
}) {
  const { t } = useTranslation('catalog');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      heading: e.isActive('heading', { level: 2 }),
      subheading: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    command(editor.chain().focus()).run();
  return (
    <div role="toolbar" aria-label={label} className={styles.toolbar}>
      <ToolButton label={t('product.editor.bold')} active={state.bold} onClick={run((c) => c.toggleBold())}>
        <BoldOutlined aria-hidden />
      </ToolButton>
      <ToolButton
        label={t('product.editor.italic')}
        active={state.italic}
        onClick={run((c) => c.toggleItalic())}
      >
        <ItalicOutlined aria-hidden />
      </ToolButton>
      <ToolButton
        label={t('product.editor.strike')}
        active={state.strike}
        onClick={run((c) => c.toggleStrike())}
      >
        <StrikethroughOutlined aria-hidden />
      </ToolButton>
      <ToolButton
        label={t('product.editor.heading')}
        active={state.heading}
        onClick={run((c) => c.toggleHeading({ level: 2 }))}
      >
        <span aria-hidden className={styles.glyph} data-glyph="H2" />
      </ToolButton>
      <ToolButton
        label={t('product.editor.subheading')}
        active={state.subheading}
        onClick={run((c) => c.toggleHeading({ level: 3 }))}
      >
        <span aria-hidden className={styles.glyph} data-glyph="H3" />
      </ToolButton>
      <ToolButton
        label={t('product.editor.bulletList')}
        active={state.bulletList}
        onClick={run((c) => c.toggleBulletList())}
      >
        <UnorderedListOutlined aria-hidden />
      </ToolButton>
      <ToolButton
        label={t('product.editor.orderedList')}
        active={state.orderedList}
        onClick={run((c) => c.toggleOrderedList())}
      >
        <OrderedListOutlined aria-hidden />
      </ToolButton>
      <ToolButton
        label={t('product.editor.quote')}
        active={state.quote}
        onClick={run((c) => c.toggleBlockquote())}
      >
        <span aria-hidden>“</span>
      </ToolButton>
      <LinkButton editor={editor} active={state.link} />
      {imageUpload && <ImageButton editor={editor} imageUpload={imageUpload} />}
      <ToolButton label={t('product.editor.undo')} disabled={!state.canUndo} onClick={run((c) => c.undo())}>
        <UndoOutlined aria-hidden />
      </ToolButton>
      <ToolButton label={t('product.editor.redo')} disabled={!state.canRedo} onClick={run((c) => c.redo())}>
        <RedoOutlined aria-hidden />
      </ToolButton>
    </div>
  );
}

/** Picks an image file, uploads it, and inserts the stored image at the cursor. */
function ImageButton({ editor, imageUpload }: { editor: Editor; imageUpload: TRichImageUpload }) {
  const input = useRef<HTMLInputElement>(null);
  const [isBusy, setBusy] = useState(false);
  const { message } = App.useApp();
  const onFile = (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    imageUpload.upload(file).then(
      ({ src, alt }) => {
        setBusy(false);
        editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt } }).run();
      },
      (error: unknown) => {
        setBusy(false);
        if (error instanceof Error && error.message) void message.error(error.message);
      },
    );
  };
  return (
    <>
      <ToolButton
        label={imageUpload.label}
        disabled={isBusy}
        loading={isBusy}
        onClick={() => input.current?.click()}
      >
        <PictureOutlined aria-hidden />
      </ToolButton>
      <input
        ref={input}
        type="file"
        accept={imageUpload.accept}
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

interface ToolButtonProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  loading?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

function ToolButton({ label, active, disabled, loading, onClick, children }: ToolButtonProps) {
  return (
    <Button
      size="small"
      type={active ? 'primary' : 'text'}
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      loading={loading}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** Sets, changes or removes the link of the selection; only http(s) and mailto addresses. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const invalid = href.trim() !== '' && !ZRichLinkHref.safeParse(href.trim()).success;

  const openWith = (next: boolean) => {
    if (next) setHref(String(editor.getAttributes('link').href ?? ''));
    setOpen(next);
  };
  const apply = () => {
    const address = href.trim();
    if (invalid) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    (address === '' ? chain.unsetLink() : chain.setLink({ href: address })).run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={openWith}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            autoFocus
            aria-label={t('product.editor.linkAddress')}
            placeholder="https://"
            value={href}
            status={invalid ? 'error' : ''}
            onChange={(event) => setHref(event.target.value)}
            onPressEnter={apply}
          />
          <Button type="primary" disabled={invalid} onClick={apply}>
            {t('product.editor.linkApply')}
          </Button>
        </Space.Compact>
      }
    >
      <ToolButton label={t('product.editor.link')} active={active}>
        <LinkOutlined aria-hidden />
      </ToolButton>
    </Popover>
  );
}
