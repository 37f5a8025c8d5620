import { HighlightStyle } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { relativeLuminance } from '../theme/theme-config';

/** The antd design tokens the editor is painted with (the console theme's own colours). */
export interface TEditorTokens {
  colorBgContainer: string;
  colorText: string;
  colorTextSecondary: string;
  colorBorder: string;
  colorFillTertiary: string;
  colorPrimary: string;
  colorPrimaryBg: string;
  fontFamilyCode: string;
  borderRadius: number;
  colorErrorText: string;
  colorErrorBg: string;
  colorWarningText: string;
  colorWarningBg: string;
  colorSuccessText: string;
  colorSuccessBg: string;
  colorInfoText: string;
  colorInfoBg: string;
}

export type TSyntaxPalette = Record<
  'keyword' | 'string' | 'number' | 'comment' | 'type' | 'function' | 'property' | 'invalid' | 'meta',
  string
>;

/**
 * Syntax colours per theme, each at least 4.5:1 on the editor's background, its active line and
 * its selection (`editor-theme.test.ts` measures them). CodeMirror's own default style has
 * colours under 4.5:1 and no dark variant, so the editor brings its own.
 */
export const SYNTAX_PALETTES: Record<'light' | 'dark', TSyntaxPalette> = {
  light: {
    keyword: '#7a1fa2',
    string: '#a31515',
    number: '#0f6a42',
    comment: '#55634f',
    type: '#0a6270',
    function: '#1f4fbf',
    property: '#7a4300',
    invalid: '#b00020',
    meta: '#0550ae',
  },
  dark: {
    keyword: '#d2a8ff',
    string: '#ffa198',
    number: '#7ee2b8',
    comment: '#a3aeb9',
    type: '#56d4dd',
    function: '#79c0ff',
    property: '#e3b341',
    invalid: '#ff9b94',
    meta: '#a5d6ff',
  },
};

/** True when the console paints a dark theme (its container background is dark). */
export function isDarkBackground(color: string): boolean {
  return relativeLuminance(color) < 0.2;
}

export function syntaxStyle(palette: TSyntaxPalette): HighlightStyle {
  return HighlightStyle.define([
    { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.operatorKeyword], color: palette.keyword },
    { tag: [tags.string, tags.special(tags.string), tags.regexp], color: palette.string },
    { tag: [tags.number, tags.bool, tags.null, tags.atom], color: palette.number },
    { tag: [tags.comment, tags.lineComment, tags.blockComment], color: palette.comment, fontStyle: 'italic' },
    { tag: [tags.typeName, tags.className, tags.namespace], color: palette.type },
    {
      tag: [
        tags.function(tags.variableName),
        tags.function(tags.propertyName),
        tags.definition(tags.variableName),
      ],
      color: palette.function,
    },
    { tag: [tags.propertyName, tags.attributeName], color: palette.property },
    { tag: [tags.meta, tags.tagName, tags.labelName], color: palette.meta },
    { tag: tags.invalid, color: palette.invalid },
    { tag: tags.heading, fontWeight: 'bold' },
    { tag: tags.emphasis, fontStyle: 'italic' },
    { tag: tags.strong, fontWeight: 'bold' },
  ]);
}

/** The active line's and the selection's backgrounds, solid (contrast is measured on them). */
export function editorSurfaces(isDark: boolean): { activeLine: string; selection: string } {
  return isDark
    ? { activeLine: '#1f1f1f', selection: '#26364d' }
    : { activeLine: '#f3f5f8', selection: '#d7e4fb' };
}

/**
 * The editor's look from the console theme: background, text, gutters, active line, selection,
 * the merge view's changes and the log mode's levelled blocks (antd's status text colours on
 * their own tints, which the console theme already makes readable at 4.5:1).
 */
export function editorTheme(token: TEditorTokens): Extension {
  const isDark = isDarkBackground(token.colorBgContainer);
  const surfaces = editorSurfaces(isDark);
  const level = (text: string, bg: string) => ({
    color: text,
    backgroundColor: bg,
    borderRadius: '2px',
  });
  return EditorView.theme(
    {
      '&': {
        color: token.colorText,
        backgroundColor: token.colorBgContainer,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: `${token.borderRadius}px`,
        fontSize: '13px',
      },
      '.cm-scroller': { fontFamily: token.fontFamilyCode, lineHeight: '1.6' },
      '.cm-content': { caretColor: token.colorText },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: token.colorText },
      '&.cm-focused': { outline: `2px solid ${token.colorPrimary}`, outlineOffset: '-1px' },
      '.cm-gutters': {
        backgroundColor: token.colorBgContainer,
        color: token.colorTextSecondary,
        borderRight: `1px solid ${token.colorBorder}`,
      },
      '.cm-activeLine': { backgroundColor: surfaces.activeLine },
      '.cm-activeLineGutter': { backgroundColor: surfaces.activeLine, color: token.colorText },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: surfaces.selection },
      '.cm-foldPlaceholder': {
        backgroundColor: token.colorFillTertiary,
        color: token.colorText,
        border: `1px solid ${token.colorBorder}`,
      },
      '.cm-foldGutter span': { color: token.colorTextSecondary },
      '.cm-log-download': {
        color: token.colorPrimary,
        textDecoration: 'underline',
        cursor: 'pointer',
      },
      '.cm-log-badge': {
        display: 'inline-block',
        padding: '0 4px',
        marginRight: '4px',
        fontWeight: '600',
        border: '1px solid currentColor',
        borderRadius: '2px',
      },
      '.cm-log-error': level(token.colorErrorText, token.colorErrorBg),
      '.cm-log-warning': level(token.colorWarningText, token.colorWarningBg),
      '.cm-log-success': level(token.colorSuccessText, token.colorSuccessBg),
      '.cm-log-info': level(token.colorInfoText, token.colorInfoBg),
      // A log block's text keeps its level colour over the syntax colours (there are none in logs).
      '.cm-log-error *, .cm-log-warning *, .cm-log-success *, .cm-log-info *': { color: 'inherit' },
      // The merge view: deleted text is struck through as well as tinted (not by colour alone).
      '&.cm-merge-a .cm-changedText': { textDecoration: 'line-through' },
    },
    { dark: isDark },
  );
}
