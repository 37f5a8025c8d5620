import { RangeSetBuilder, StateField, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';
import { findLogMarkers, type TLogLevel } from '../log-text/log-text';

/** The texts the log mode shows (translated by the caller). */
export interface TLogLabels {
  download: string;
  level: Record<TLogLevel, string>;
}

/** A download marker, shown as a link (built with DOM calls: attribute values, never HTML). */
class DownloadWidget extends WidgetType {
  constructor(
    readonly href: string,
    readonly download: string | undefined,
    readonly label: string,
  ) {
    super();
  }

  override eq(other: DownloadWidget): boolean {
    return other.href === this.href && other.download === this.download && other.label === this.label;
  }

  toDOM(): HTMLElement {
    const link = document.createElement('a');
    link.className = 'cm-log-download';
    link.href = this.href;
    if (this.download !== undefined) link.setAttribute('download', this.download);
    link.rel = 'noopener noreferrer';
    link.textContent = this.label;
    return link;
  }

  /** The browser follows the link; the editor does not take the click as a cursor move. */
  override ignoreEvent(): boolean {
    return true;
  }
}

/** A levelled block's opening tag, shown as the level's name. */
class LevelWidget extends WidgetType {
  constructor(
    readonly level: TLogLevel,
    readonly label: string,
  ) {
    super();
  }

  override eq(other: LevelWidget): boolean {
    return other.level === this.level && other.label === this.label;
  }

  toDOM(): HTMLElement {
    const badge = document.createElement('span');
    badge.className = `cm-log-badge cm-log-${this.level}`;
    badge.textContent = this.label;
    return badge;
  }
}

const HIDDEN = Decoration.replace({});

function logDecorations(state: EditorState, labels: TLogLabels): DecorationSet {
  const text = state.doc.toString();
  const builder = new RangeSetBuilder<Decoration>();
  for (const marker of findLogMarkers(text)) {
    if (marker.kind === 'download') {
      builder.add(
        marker.from,
        marker.to,
        Decoration.replace({ widget: new DownloadWidget(marker.href, marker.download, labels.download) }),
      );
      continue;
    }
    const { level, from, to, bodyFrom, bodyTo } = marker;
    // "[error]" (and the line break right after it) becomes the level's badge; "[/error]" (and the
    // line break before it) disappears; the body is marked with the level's colours.
    const openEnd = text[bodyFrom] === '\n' ? bodyFrom + 1 : bodyFrom;
    const closeStart = bodyTo > openEnd && text[bodyTo - 1] === '\n' ? bodyTo - 1 : bodyTo;
    builder.add(from, openEnd, Decoration.replace({ widget: new LevelWidget(level, labels.level[level]) }));
    if (closeStart > openEnd) {
      builder.add(
        openEnd,
        closeStart,
        Decoration.mark({ class: `cm-log-block cm-log-${level}`, attributes: { 'data-level': level } }),
      );
    }
    builder.add(closeStart, to, HIDDEN);
  }
  return builder.finish();
}

/**
 * The log mode (SPEC §3): download markers become links, levelled blocks a badge and coloured
 * text. The document keeps the markers (copying copies them); only the display changes, and the
 * hidden parts are atomic (the cursor steps over them).
 */
export function logMode(labels: TLogLabels): Extension {
  const field = StateField.define<DecorationSet>({
    create: (state) => logDecorations(state, labels),
    update: (value, transaction) =>
      transaction.docChanged ? logDecorations(transaction.state, labels) : value,
    provide: (self) => [
      EditorView.decorations.from(self),
      EditorView.atomicRanges.of((view) => view.state.field(self)),
    ],
  });
  return field;
}
