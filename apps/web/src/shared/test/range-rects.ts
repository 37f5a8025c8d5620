/**
 * jsdom has no layout: CodeMirror measures text through `Range` rectangles, which jsdom lacks.
 * Tests that show the code editor call this once (empty rectangles are enough to render).
 */
export function installRangeRects(): void {
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
  Range.prototype.getBoundingClientRect = () => rect;
}
