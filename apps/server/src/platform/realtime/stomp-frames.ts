/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): what goes over the
 * realtime socket. No maintained STOMP broker exists for Node, so the codec is ours: small, strict
 * and bounded (a frame larger than the limit is refused before it is all read).
 */

export interface StompFrame {
  command: string;
  /** The first value of each header (STOMP 1.2: a repeated header's first value counts). */
  headers: Record<string, string>;
  body: string;
}

/** A broken frame or one over the limit: the session answers ERROR and closes. */
export class StompProtocolError extends Error {}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/** Header escapes of STOMP 1.2, except in CONNECT and CONNECTED frames (for 1.0 servers' sake). */
const UNESCAPE: Record<string, string> = { r: '\r', n: '\n', c: ':', '\\': '\\' };
const unescaped = (command: string) => command !== 'CONNECT' && command !== 'CONNECTED';

function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/g, (_, next: string) => {
    const plain = UNESCAPE[next];
    if (plain === undefined) throw new StompProtocolError(`undefined escape sequence \\${next}`);
    return plain;
  });
}

function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c',
  );
}

/** The index just past the blank line ending the headers, or -1 when it has not arrived. */
function headersEnd(buffer: Buffer): number {
  let lineStart = 0;
  for (let i = 0; i < buffer.length; i += 1) {
    if (buffer[i] !== LF) continue;
    const lineEnd = i > lineStart && buffer[i - 1] === CR ? i - 1 : i;
    if (lineEnd === lineStart && lineStart > 0) return i + 1;
    lineStart = i + 1;
  }
  return -1;
}

/** The lines of the frame head (command and headers), without their EOLs. */
function headLines(head: Buffer): string[] {
  return head
    .toString('utf8')
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * Reads frames from a stream of bytes (one socket's messages, in order): a message may hold
 * several frames, or part of one. End-of-line bytes between frames are heart-beats.
 */
export class StompParser {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes: number) {}

  /** The complete frames in what arrived so far; `heartbeats` counts the EOLs between them. */
  push(chunk: Buffer | string): { frames: StompFrame[]; heartbeats: number } {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const frames: StompFrame[] = [];
    let heartbeats = 0;
    for (;;) {
      let start = 0;
      while (start < this.buffer.length && (this.buffer[start] === LF || this.buffer[start] === CR)) {
        if (this.buffer[start] === LF) heartbeats += 1;
        start += 1;
      }
      this.buffer = this.buffer.subarray(start);
      if (this.buffer.length === 0) break;
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    return { frames, heartbeats };
  }

  /** One frame off the front of the buffer, or undefined when it is not all there yet. */
  private next(): StompFrame | undefined {
    const end = headersEnd(this.buffer);
    if (end < 0) {
      if (this.buffer.length > this.maxFrameBytes) throw new StompProtocolError('frame too large');
      return undefined;
    }
    // The head ends with the blank line: its empty entries are skipped below.
    const [command = '', ...lines] = headLines(this.buffer.subarray(0, end));
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError('malformed frame');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      if (line === '') continue;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('malformed header');
      const decode = unescaped(command) ? unescapeHeader : (v: string) => v;
      const name = decode(line.slice(0, colon));
      if (!(name in headers)) headers[name] = decode(line.slice(colon + 1));
    }
    let bodyEnd: number;
    const declared = headers['content-length'];
    if (declared !== undefined) {
      if (!/^\d{1,10}$/.test(declared)) throw new StompProtocolError('malformed content-length');
      bodyEnd = end + Number(declared);
      if (bodyEnd + 1 > this.maxFrameBytes) throw new StompProtocolError('frame too large');
      if (this.buffer.length < bodyEnd + 1) return undefined;
      if (this.buffer[bodyEnd] !== NUL) throw new StompProtocolError('frame not terminated by NUL');
    } else {
      bodyEnd = this.buffer.indexOf(NUL, end);
      if (bodyEnd < 0) {
        if (this.buffer.length > this.maxFrameBytes) throw new StompProtocolError('frame too large');
        return undefined;
      }
    }
    if (bodyEnd + 1 > this.maxFrameBytes) throw new StompProtocolError('frame too large');
    const body = this.buffer.subarray(end, bodyEnd).toString('utf8');
    this.buffer = this.buffer.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** A frame as text: its headers escaped, `content-length` given whenever there is a body. */
export function serializeFrame(frame: StompFrame): string {
  const escape = unescaped(frame.command) ? escapeHeader : (v: string) => v;
  const headers = { ...frame.headers };
  if (frame.body !== '') headers['content-length'] = String(Buffer.byteLength(frame.body, 'utf8'));
  const lines = Object.entries(headers).map(([name, value]) => `${escape(name)}:${escape(value)}`);
  return `${frame.command}\n${lines.map((line) => `${line}\n`).join('')}\n${frame.body}\0`;
}
