import { ErrorCode } from '@linkstore/contract';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type LocalFileHeader, type ZipFile } from 'yauzl';
import { AppError } from '../errors/app-error';

/** Everything inside an uploaded .xlsx (a zip), unpacked, may not exceed this. */
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** Entries one uploaded .xlsx may hold (the import template has 10; a workbook of many sheets, a few hundred). */
export const MAX_ZIP_ENTRIES = 1000;

const notXlsx = () => AppError.of(ErrorCode.FILE_UNREADABLE, 'users.import.notXlsx');
const tooLarge = () => AppError.of(ErrorCode.PAYLOAD_TOO_LARGE, 'users.import.tooLarge');

const SIGNATURE = {
  local: 0x04034b50,
  central: 0x02014b50,
  descriptor: 0x08074b50,
  end: 0x06054b50,
  zip64End: 0x06064b50,
  zip64Locator: 0x07064b50,
} as const;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** General purpose flag bit 3: sizes and CRC follow the data in a data descriptor. */
const HAS_DESCRIPTOR = 0x08;
/** The flags that change how an entry is read: encrypted (bit 0), data descriptor (bit 3). */
const READING_FLAGS = 0x01 | HAS_DESCRIPTOR;
/** The extra field holding an entry's 64-bit sizes and offset. */
const ZIP64_FIELD = 0x0001;
const STORED = 0;
const DEFLATED = 8;

const signatureBytes = (signature: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(signature);
  return bytes;
};

/** Where the central directory is, as the end records say. */
interface Directory {
  entries: number;
  size: number;
  offset: number;
  /** Where the end records begin (the ZIP64 end record, else the classic one). */
  endsAt: number;
}

/**
 * Refuses an upload that is not a zip every reader reads alike, or that unpacks to more than
 * `budget` — before the workbook library (exceljs, through JSZip) unpacks it in memory.
 *
 * The zip is read with yauzl, which walks the central directory and inflates each entry as a
 * stream (zlib, off the JavaScript thread), failing an entry that inflates to more than its
 * declared size. Around it, every place where zip readers can be shown different archives is
 * held to one answer (A0446 otherwise):
 * - one end record, ending the file; its ZIP64 record exactly when its fields say so; each
 *   classic field equal to the ZIP64 one it stands for;
 * - the directory the end record declares is the directory walked: as many entries, as many
 *   bytes, ending where the end records begin (JSZip reads central records for as long as their
 *   signature follows, whatever the count; a gap would make it shift every offset);
 * - each local header agrees with its central record (name, method, flags, sizes, CRC);
 * - the entries tile the file from byte 0 to the directory: no overlap (two records on one
 *   entry, the "better zip bomb"), nothing hidden between them;
 * - only stored or deflated entries, none encrypted, at most MAX_ZIP_ENTRIES.
 * Then the declared sizes must fit the budget (A0413 before inflating anything), and the
 * inflation is counted: it stops as soon as an entry passes its declared size (A0446) or the
 * total passes the budget (A0413). Nothing inflated is kept.
 */
export async function checkXlsxZip(bytes: Uint8Array, budget = MAX_UNPACKED_BYTES): Promise<void> {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = readEndRecords(data);
  if (directory.entries > MAX_ZIP_ENTRIES) throw tooLarge();

  let zip: ZipFile;
  try {
    // Names are compared as bytes and never used as paths: no decoding.
    zip = await yauzl.fromBufferPromise(data, { decodeStrings: false, validateEntrySizes: true });
  } catch {
    throw notXlsx();
  }
  try {
    const entries = await readDirectory(zip, data, directory, budget);
    let left = budget;
    for (const entry of entries) left -= await inflateCounting(zip, entry, left);
  } finally {
    zip.close();
  }
}

function readEndRecords(data: Buffer): Directory {
  // JSZip takes the last end signature in the file; yauzl the last one a record can start at.
  // Both are this one only when the record and its comment end the file.
  const end = data.lastIndexOf(signatureBytes(SIGNATURE.end));
  if (end < 0 || end + 22 > data.length || end + 22 + data.readUInt16LE(end + 20) !== data.length) {
    throw notXlsx();
  }
  const classic = {
    disk: data.readUInt16LE(end + 4),
    directoryDisk: data.readUInt16LE(end + 6),
    entriesHere: data.readUInt16LE(end + 8),
    entries: data.readUInt16LE(end + 10),
    size: data.readUInt32LE(end + 12),
    offset: data.readUInt32LE(end + 16),
  };
  const sendsToZip64 =
    [classic.disk, classic.directoryDisk, classic.entriesHere, classic.entries].includes(MAX16) ||
    classic.size === MAX32 ||
    classic.offset === MAX32;
  // yauzl follows a ZIP64 locator right before the end record; JSZip looks for one (the last in
  // the file) when a field of the end record says so.
  const locator = end - 20;
  const hasLocator = locator >= 0 && data.readUInt32LE(locator) === SIGNATURE.zip64Locator;
  if (sendsToZip64 !== hasLocator) throw notXlsx();

  let directory: Directory;
  if (!hasLocator) {
    if (classic.disk !== 0 || classic.directoryDisk !== 0 || classic.entriesHere !== classic.entries) {
      throw notXlsx();
    }
    directory = { entries: classic.entries, size: classic.size, offset: classic.offset, endsAt: end };
  } else {
    if (data.lastIndexOf(signatureBytes(SIGNATURE.zip64Locator)) !== locator) throw notXlsx();
    const at = safeNumber(data.readBigUInt64LE(locator + 8));
    if (at + 56 > locator || data.readUInt32LE(at) !== SIGNATURE.zip64End) throw notXlsx();
    // The record (its size counts from byte 12) runs up to the locator.
    if (at + 12 + safeNumber(data.readBigUInt64LE(at + 4)) !== locator) throw notXlsx();
    const zip64 = {
      disk: data.readUInt32LE(at + 16),
      directoryDisk: data.readUInt32LE(at + 20),
      entriesHere: safeNumber(data.readBigUInt64LE(at + 24)),
      entries: safeNumber(data.readBigUInt64LE(at + 32)),
      size: safeNumber(data.readBigUInt64LE(at + 40)),
      offset: safeNumber(data.readBigUInt64LE(at + 48)),
    };
    if (zip64.disk !== 0 || zip64.directoryDisk !== 0 || zip64.entriesHere !== zip64.entries) throw notXlsx();
    // A reader that ignores ZIP64 reads the classic fields: each must say the same, or "see ZIP64".
    const agrees = (value: number, max: number, wide: number) => value === max || value === wide;
    if (
      !agrees(classic.disk, MAX16, zip64.disk) ||
      !agrees(classic.directoryDisk, MAX16, zip64.directoryDisk) ||
      !agrees(classic.entriesHere, MAX16, zip64.entriesHere) ||
      !agrees(classic.entries, MAX16, zip64.entries) ||
      !agrees(classic.size, MAX32, zip64.size) ||
      !agrees(classic.offset, MAX32, zip64.offset)
    ) {
      throw notXlsx();
    }
    directory = { entries: zip64.entries, size: zip64.size, offset: zip64.offset, endsAt: at };
  }
  if (directory.offset + directory.size !== directory.endsAt) throw notXlsx();
  return directory;
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw notXlsx();
  return Number(value);
}

/**
 * Every entry of the central directory, each checked against its local header, and the whole
 * checked against the end records and the file's layout. Nothing is inflated here.
 */
async function readDirectory(zip: ZipFile, data: Buffer, directory: Directory, budget: number) {
  const entries: Entry[] = [];
  const spans: { start: number; end: number }[] = [];
  let walked = 0;
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      walked += 46 + entry.fileNameLength + entry.extraFieldLength + entry.fileCommentLength;
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) throw notXlsx();
      if (entry.isEncrypted()) throw notXlsx();
      declared += entry.uncompressedSize;
      const local = await zip.readLocalFileHeaderPromise(entry);
      const end = entryEnd(data, entry, local);
      spans.push({ start: entry.relativeOffsetOfLocalHeader, end });
      entries.push(entry);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // yauzl's refusals: a bad signature, data past the end of the file, a stored entry whose
    // sizes differ, a truncated record.
    throw notXlsx();
  }
  if (entries.length !== directory.entries || walked !== directory.size) throw notXlsx();
  spans.sort((a, b) => a.start - b.start);
  let at = 0;
  for (const span of spans) {
    if (span.start !== at) throw notXlsx();
    at = span.end;
  }
  if (at !== directory.offset) throw notXlsx();
  // A well-formed zip, then: its declared sizes must fit (inflating checks that they hold).
  if (declared > budget) throw tooLarge();
  return entries;
}

/** Where an entry ends (its data, and its data descriptor if it has one), once its local header agrees. */
function entryEnd(data: Buffer, entry: Entry, local: LocalFileHeader): number {
  const hasDescriptor = (entry.generalPurposeBitFlag & HAS_DESCRIPTOR) !== 0;
  if (
    !local.fileName.equals(entry.fileNameRaw) ||
    local.compressionMethod !== entry.compressionMethod ||
    (local.generalPurposeBitFlag & READING_FLAGS) !== (entry.generalPurposeBitFlag & READING_FLAGS)
  ) {
    throw notXlsx();
  }
  // The local sizes: in the header, or (0xFFFFFFFF there) both in its ZIP64 field.
  const localZip64 = yauzl.parseExtraFields(local.extraField).find((field) => field.id === ZIP64_FIELD);
  let size = local.uncompressedSize;
  let compressedSize = local.compressedSize;
  if (localZip64 && (size === MAX32 || compressedSize === MAX32)) {
    if (localZip64.data.length < 16) throw notXlsx();
    size = safeNumber(localZip64.data.readBigUInt64LE(0));
    compressedSize = safeNumber(localZip64.data.readBigUInt64LE(8));
  }
  // They are the central ones, or zero when a data descriptor follows the data.
  const agrees = (value: number, central: number) => value === central || (hasDescriptor && value === 0);
  if (
    !agrees(compressedSize, entry.compressedSize) ||
    !agrees(size, entry.uncompressedSize) ||
    !agrees(local.crc32, entry.crc32)
  ) {
    throw notXlsx();
  }
  const isZip64 = localZip64 !== undefined || entry.extraFields.some((field) => field.id === ZIP64_FIELD);
  const dataEnd = local.fileDataStart + entry.compressedSize;
  if (!hasDescriptor) return dataEnd;
  // crc, compressed and uncompressed sizes (8 bytes each with ZIP64), after an optional signature.
  let at = dataEnd;
  if (at + 4 <= data.length && data.readUInt32LE(at) === SIGNATURE.descriptor) at += 4;
  const length = isZip64 ? 20 : 12;
  if (at + length > data.length) throw notXlsx();
  const sizes = isZip64
    ? [safeNumber(data.readBigUInt64LE(at + 4)), safeNumber(data.readBigUInt64LE(at + 12))]
    : [data.readUInt32LE(at + 4), data.readUInt32LE(at + 8)];
  if (
    data.readUInt32LE(at) !== entry.crc32 ||
    sizes[0] !== entry.compressedSize ||
    sizes[1] !== entry.uncompressedSize
  ) {
    throw notXlsx();
  }
  return at + length;
}

/**
 * Inflates one entry as a stream, keeping nothing; answers its size. Refuses (and stops the
 * inflation) once it passes what is left of the budget, or its declared size (yauzl's check).
 */
async function inflateCounting(zip: ZipFile, entry: Entry, left: number): Promise<number> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw notXlsx();
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > left) {
        stream.destroy();
        reject(tooLarge());
      }
    });
    stream.on('error', () => reject(notXlsx()));
    stream.on('end', () => resolve(size));
  });
}
