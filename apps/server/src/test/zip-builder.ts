import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Zip archives written byte by byte, honest or lying, for the tests of the upload guards: local
 * headers, central records and end records are separate pieces, so a test can assemble an
 * archive whose parts disagree.
 */

/** One entry's content, compressed, and what its headers say about it unless told otherwise. */
export interface ZipPart {
  name: string;
  /** 8 (deflated) or 0 (stored). */
  method: number;
  data: Buffer;
  size: number;
  crc: number;
}

/** What a header may claim instead of the truth. */
export interface HeaderLies {
  name?: string;
  size?: number;
  compressedSize?: number;
  crc?: number;
  flags?: number;
}

export function deflated(name: string, content: Buffer): ZipPart {
  return { name, method: 8, data: deflateRawSync(content), size: content.length, crc: crc32(content) };
}

export function stored(name: string, content: Buffer): ZipPart {
  return { name, method: 0, data: content, size: content.length, crc: crc32(content) };
}

/** `length` zero bytes deflated (≈ 1 KB a MB), without ever holding them all. */
export async function deflatedZeros(name: string, length: number): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflate, 'end');
  const zeros = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = length; left > 0; left -= zeros.length) {
    const piece = zeros.subarray(0, Math.min(left, zeros.length));
    crc = crc32(piece, crc);
    deflate.write(piece);
  }
  deflate.end();
  await ended;
  return { name, method: 8, data: Buffer.concat(chunks), size: length, crc };
}

/** A local header followed by the entry's data. */
export function localEntry(part: ZipPart, lies: HeaderLies = {}): Buffer {
  const name = Buffer.from(lies.name ?? part.name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(lies.flags ?? 0, 6);
  header.writeUInt16LE(part.method, 8);
  header.writeUInt32LE(lies.crc ?? part.crc, 14);
  header.writeUInt32LE(lies.compressedSize ?? part.data.length, 18);
  header.writeUInt32LE(lies.size ?? part.size, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, part.data]);
}

/** A central directory record for an entry whose local header is at `offset`. */
export function centralRecord(part: ZipPart, offset: number, lies: HeaderLies = {}): Buffer {
  const name = Buffer.from(lies.name ?? part.name);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(lies.flags ?? 0, 8);
  record.writeUInt16LE(part.method, 10);
  record.writeUInt32LE(lies.crc ?? part.crc, 16);
  record.writeUInt32LE(lies.compressedSize ?? part.data.length, 20);
  record.writeUInt32LE(lies.size ?? part.size, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt32LE(offset, 42);
  return Buffer.concat([record, name]);
}

/** The classic end of central directory record. */
export function endRecord(directory: { entries: number; size: number; offset: number }): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(directory.entries, 8);
  end.writeUInt16LE(directory.entries, 10);
  end.writeUInt32LE(directory.size, 12);
  end.writeUInt32LE(directory.offset, 16);
  return end;
}

/** An honest archive of these entries (or one whose headers all tell `lies`). */
export function zipOf(parts: ZipPart[], lies: HeaderLies = {}): Buffer {
  const locals: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const local = localEntry(part, lies);
    records.push(centralRecord(part, offset, lies));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(records);
  return Buffer.concat([
    ...locals,
    directory,
    endRecord({ entries: parts.length, size: directory.length, offset }),
  ]);
}

/**
 * An honest archive as streaming writers (Java's ZipOutputStream, so Apache POI) make it: flag
 * bit 3, zero sizes and CRC in the local headers, the real ones in a data descriptor after the
 * data (with or without its optional signature).
 */
export function zipWithDescriptors(parts: ZipPart[], options: { signature: boolean }): Buffer {
  const pieces: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const local = localEntry(part, { flags: 0x08, size: 0, compressedSize: 0, crc: 0 });
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(part.crc, 4);
    descriptor.writeUInt32LE(part.data.length, 8);
    descriptor.writeUInt32LE(part.size, 12);
    const written = options.signature ? descriptor : descriptor.subarray(4);
    records.push(centralRecord(part, offset, { flags: 0x08 }));
    pieces.push(local, written);
    offset += local.length + written.length;
  }
  const directory = Buffer.concat(records);
  return Buffer.concat([
    ...pieces,
    directory,
    endRecord({ entries: parts.length, size: directory.length, offset }),
  ]);
}

/** An honest zip (no comment) with its end records rewritten as ZIP64 ones, as large-file writers make them. */
export function asZip64(zip: Buffer): Buffer {
  const endAt = zip.length - 22;
  const entries = BigInt(zip.readUInt16LE(endAt + 10));
  const size = BigInt(zip.readUInt32LE(endAt + 12));
  const offset = zip.readUInt32LE(endAt + 16);
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4);
  zip64End.writeUInt16LE(45, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(entries, 24);
  zip64End.writeBigUInt64LE(entries, 32);
  zip64End.writeBigUInt64LE(size, 40);
  zip64End.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(endAt), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([zip.subarray(0, endAt), zip64End, locator, end]);
}
