import { describe, expect, it } from 'vitest';
import { serializeFrame, StompParser, StompProtocolError, type StompFrame } from './stomp-frames';

const parse = (text: string | Buffer, max = 1024) => new StompParser(max).push(text);

describe('STOMP frames', () => {
  it('reads a frame: command, headers, body up to the NUL, CRLF or LF line ends', () => {
    const { frames } = parse('SEND\r\ndestination:/app/x\r\nreceipt:r-1\r\n\r\nhello\0');
    expect(frames).toEqual([
      { command: 'SEND', headers: { destination: '/app/x', receipt: 'r-1' }, body: 'hello' },
    ]);
  });

  it('keeps the first of a repeated header and unescapes \\r \\n \\c \\\\ (not in CONNECT)', () => {
    const [send] = parse('SEND\nfoo:a\\cb\\nc\\\\d\\r\nfoo:second\n\n\0').frames;
    expect(send?.headers.foo).toBe('a:b\nc\\d\r');
    const [connect] = parse('CONNECT\npasscode:a\\cb\n\n\0').frames;
    expect(connect?.headers.passcode).toBe('a\\cb');
    expect(() => parse('SEND\nfoo:a\\tb\n\n\0')).toThrow(StompProtocolError);
  });

  it('reads a body of content-length bytes, NULs included, and wants the NUL after it', () => {
    const body = 'a\0b é';
    const bytes = Buffer.byteLength(body);
    const [frame] = parse(`SEND\ncontent-length:${bytes}\n\n${body}\0`).frames;
    expect(frame?.body).toBe(body);
    expect(() => parse(`SEND\ncontent-length:1\n\nab\0`)).toThrow('frame not terminated by NUL');
    expect(() => parse(`SEND\ncontent-length:-1\n\n\0`)).toThrow('malformed content-length');
  });

  it('reads frames split over messages, several in one message, and counts heart-beats between them', () => {
    const parser = new StompParser(1024);
    expect(parser.push('\n')).toEqual({ frames: [], heartbeats: 1 });
    expect(parser.push('SUBSCRIBE\nid:0\ndesti').frames).toEqual([]);
    const { frames, heartbeats } = parser.push('nation:/topic/a\n\n\0\r\n\nUNSUBSCRIBE\nid:0\n\n\0SEND\n');
    expect(frames.map((f) => f.command)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
    expect(frames[0]?.headers).toEqual({ id: '0', destination: '/topic/a' });
    expect(heartbeats).toBe(2);
    expect(parser.push('\n\0').frames).toEqual([{ command: 'SEND', headers: {}, body: '' }]);
  });

  it('refuses a frame over the limit before it has all arrived, and broken frames', () => {
    const parser = new StompParser(64);
    expect(() => parser.push(`SEND\ndestination:/app/x\n\n${'x'.repeat(80)}`)).toThrow('frame too large');
    expect(() => parse('SEND\ncontent-length:100000\n\n', 64)).toThrow('frame too large');
    expect(() => parse('SEND\nno-colon\n\n\0')).toThrow('malformed header');
    expect(() => parse('send\n\n\0')).toThrow('malformed frame');
  });

  it('writes a frame that reads back the same, with its content-length in bytes', () => {
    const frame: StompFrame = {
      command: 'MESSAGE',
      headers: { destination: '/user/queue/x', 'message-id': 'a:b\nc' },
      body: '{"title":"Café"}',
    };
    const text = serializeFrame(frame);
    expect(text).toContain('message-id:a\\cb\\nc\n');
    expect(text).toContain(`content-length:${Buffer.byteLength(frame.body)}\n`);
    const [back] = parse(text).frames;
    expect(back).toEqual({ ...frame, headers: { ...frame.headers, 'content-length': '17' } });
    expect(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': '7' }, body: '' })).toBe(
      'RECEIPT\nreceipt-id:7\n\n\0',
    );
  });
});
