import { ErrorCode } from '@linkstore/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  asZip64,
  centralRecord,
  deflated,
  deflatedZeros,
  endRecord,
  localEntry,
  stored,
  zipOf,
  zipWithDescriptors,
  type ZipPart,
} from '../../test/zip-builder';
import { firstSheet } from './sheet-rows';
import { checkXlsxZip, MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES } from './xlsx-zip';

const MB = 1024 * 1024;
const notXlsx = expect.objectContaining({
  code: ErrorCode.FILE_UNREADABLE,
  messageKey: 'users.import.notXlsx',
});
const tooLarge = expect.objectContaining({
  code: ErrorCode.PAYLOAD_TOO_LARGE,
  messageKey: 'users.import.tooLarge',
});

/**
 * Runs the guard on `bytes`, answering what it threw, how much the process grew (resident
 * memory, at its highest) and the longest the event loop went without a turn (what a health
 * check waits) meanwhile.
 */
async function watched(bytes: Buffer) {
  const before = process.memoryUsage().rss;
  let peak = before;
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  let error: unknown;
  try {
    await checkXlsxZip(bytes);
  } catch (thrown) {
    error = thrown;
  }
  clearInterval(timer);
  stall = Math.max(stall, performance.now() - last);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { error, grewMb: (peak - before) / MB, stallMs: stall };
}

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Sheet1').addRow(['Username', 'Roles']);
  book.worksheets[0]?.addRow(['someone', 'GUEST']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Local entries one after the other from byte 0, and their offsets. */
function locals(parts: { part: ZipPart; lies?: Parameters<typeof localEntry>[1] }[]) {
  const offsets: number[] = [];
  const bytes: Buffer[] = [];
  let at = 0;
  for (const { part, lies } of parts) {
    const local = localEntry(part, lies);
    offsets.push(at);
    bytes.push(local);
    at += local.length;
  }
  return { bytes: Buffer.concat(bytes), offsets, end: at };
}

describe('an upload that is a real workbook', () => {
  it('passes: exceljs’s own, with ZIP64 end records, and a zip with data descriptors (as Java’s writers make them)', async () => {
    const book = await workbook();
    await expect(checkXlsxZip(book)).resolves.toBeUndefined();
    expect((await firstSheet(book))?.getRow(2).getCell(1).text).toBe('someone');
    // The same workbook with ZIP64 end records, where every field agrees.
    const zip64 = asZip64(book);
    await expect(checkXlsxZip(zip64)).resolves.toBeUndefined();
    expect((await firstSheet(zip64))?.getRow(2).getCell(1).text).toBe('someone');

    const parts = [deflated('a.xml', Buffer.from('<a/>'.repeat(100))), stored('b.txt', Buffer.from('b'))];
    await expect(checkXlsxZip(zipOf(parts))).resolves.toBeUndefined();
    await expect(checkXlsxZip(zipWithDescriptors(parts, { signature: true }))).resolves.toBeUndefined();
    await expect(checkXlsxZip(zipWithDescriptors(parts, { signature: false }))).resolves.toBeUndefined();
  });

  it('is refused when it is no zip at all', async () => {
    await expect(checkXlsxZip(Buffer.from('not a zip at all'))).rejects.toEqual(notXlsx);
    await expect(checkXlsxZip(Buffer.alloc(0))).rejects.toEqual(notXlsx);
    await expect(checkXlsxZip((await workbook()).subarray(0, 3000))).rejects.toEqual(notXlsx);
  });
});

describe('a zip bomb', () => {
  it('the issue’s file: the end record declares 1 entry, the directory holds a sheet that inflates far past the budget', async () => {
    const small = deflated('[Content_Types].xml', Buffer.from('<Types/>'));
    // 60 MB of zeros in ≈ 60 KB, declaring no more than the budget.
    const sheet = await deflatedZeros('xl/worksheets/sheet1.xml', 60 * MB);
    const honest = { ...sheet, size: MAX_UNPACKED_BYTES };
    const { bytes, offsets, end } = locals([{ part: small }, { part: honest }]);
    const first = centralRecord(small, offsets[0] ?? 0);
    const both = Buffer.concat([first, centralRecord(honest, offsets[1] ?? 0)]);

    // Count 1 over a directory of two (JSZip, exceljs's reader, reads records while they last).
    const countLies = Buffer.concat([bytes, both, endRecord({ entries: 1, size: both.length, offset: end })]);
    // Count and size 1: the second record sits between the directory and the end record.
    const sizeLies = Buffer.concat([bytes, both, endRecord({ entries: 1, size: first.length, offset: end })]);
    expect(countLies.length).toBeLessThan(100 * 1024);

    for (const file of [countLies, sizeLies]) {
      const { error, grewMb, stallMs } = await watched(file);
      expect(error).toEqual(notXlsx);
      expect(grewMb).toBeLessThan(64);
      // The event loop (a health check) keeps its turns: nothing inflates on it.
      expect(stallMs).toBeLessThan(200);
    }
  });

  it('stops inflating once an entry passes its declared size or the total passes the budget', async () => {
    const zeros = await deflatedZeros('xl/worksheets/sheet1.xml', 60 * MB);
    const justOver = await deflatedZeros('xl/worksheets/sheet1.xml', MAX_UNPACKED_BYTES + 1);
    const cases = [
      // Honest sizes past the budget: refused before anything is inflated.
      { file: zipOf([zeros]), refusal: tooLarge },
      // A size that lies low: the inflation stops where the declared size ends.
      { file: zipOf([{ ...zeros, size: 1000 }]), refusal: notXlsx },
      { file: zipOf([{ ...justOver, size: MAX_UNPACKED_BYTES }]), refusal: notXlsx },
    ];
    for (const { file, refusal } of cases) {
      const { error, grewMb } = await watched(file);
      expect(error).toEqual(refusal);
      expect(grewMb).toBeLessThan(64);
    }
    // Two honest entries, each within the budget, together past it.
    const half = await deflatedZeros('a.xml', 12 * MB);
    await expect(checkXlsxZip(zipOf([half, { ...half, name: 'b.xml' }]))).rejects.toEqual(tooLarge);
  });

  it('refuses sizes that lie either way, even small ones', async () => {
    const part = deflated('a.xml', Buffer.from('<row/>'.repeat(1000)));
    await expect(checkXlsxZip(zipOf([{ ...part, size: 10 }]))).rejects.toEqual(notXlsx);
    await expect(checkXlsxZip(zipOf([{ ...part, size: part.size + 10 }]))).rejects.toEqual(notXlsx);
    const plain = stored('b.txt', Buffer.from('plain text'));
    await expect(checkXlsxZip(zipOf([plain], { size: 4 }))).rejects.toEqual(notXlsx);
  });

  it('refuses two central records on one local entry (overlapping entries, the "better zip bomb")', async () => {
    // One entry of 15 MB, within the budget; read twice it would not be.
    const sheet = await deflatedZeros('xl/worksheets/sheet1.xml', 15 * MB);
    const local = localEntry(sheet);
    const twice = Buffer.concat([centralRecord(sheet, 0), centralRecord(sheet, 0)]);
    const file = Buffer.concat([
      local,
      twice,
      endRecord({ entries: 2, size: twice.length, offset: local.length }),
    ]);
    const { error, grewMb } = await watched(file);
    expect(error).toEqual(notXlsx);
    expect(grewMb).toBeLessThan(64);

    // A stored entry whose data quotes a second, deflated entry's local header: the second
    // central record points inside the first.
    const inner = await deflatedZeros('b.xml', 15 * MB);
    const innerLocal = localEntry(inner);
    const outer = stored('a.xml', innerLocal);
    const outerLocal = localEntry(outer);
    const innerAt = outerLocal.length - innerLocal.length;
    const directory = Buffer.concat([centralRecord(outer, 0), centralRecord(inner, innerAt)]);
    const quoted = Buffer.concat([
      outerLocal,
      directory,
      endRecord({ entries: 2, size: directory.length, offset: outerLocal.length }),
    ]);
    await expect(checkXlsxZip(quoted)).rejects.toEqual(notXlsx);
  });
});

describe('a zip that readers could read differently', () => {
  const a = deflated('a.xml', Buffer.from('<a/>'));
  const b = deflated('b.xml', Buffer.from('<b/>'));

  it('refuses a local header that disagrees with its central record', async () => {
    const lies = [
      { name: 'xl/worksheets/sheet1.xml' },
      { size: a.size + 1 },
      { compressedSize: a.data.length - 1 },
      { crc: a.crc ^ 1 },
      { flags: 0x01 },
    ];
    for (const lie of lies) {
      const local = localEntry(a, lie);
      const record = centralRecord(a, 0);
      const file = Buffer.concat([
        local,
        record,
        endRecord({ entries: 1, size: record.length, offset: local.length }),
      ]);
      await expect(checkXlsxZip(file), JSON.stringify(lie)).rejects.toEqual(notXlsx);
    }
  });

  it('refuses bytes hidden between entries, before them or after the end record', async () => {
    const hidden = localEntry(b);
    const first = localEntry(a);
    const withGap = Buffer.concat([first, hidden, localEntry(b)]);
    const directory = Buffer.concat([centralRecord(a, 0), centralRecord(b, first.length + hidden.length)]);
    await expect(
      checkXlsxZip(
        Buffer.concat([
          withGap,
          directory,
          endRecord({ entries: 2, size: directory.length, offset: withGap.length }),
        ]),
      ),
    ).rejects.toEqual(notXlsx);

    const honest = zipOf([a, b]);
    // Prepended bytes (a reader that trusts the offsets sees garbage; JSZip shifts them all).
    await expect(checkXlsxZip(Buffer.concat([Buffer.from('MZ stub'), honest]))).rejects.toEqual(notXlsx);
    await expect(checkXlsxZip(Buffer.concat([honest, Buffer.from('trailing')]))).rejects.toEqual(notXlsx);
  });

  it('refuses a ZIP64 record that points at another directory than the classic one', async () => {
    // The classic end record lists one small entry but marks itself as ZIP64 (disk 0xFFFF), so a
    // ZIP64 reader — JSZip, exceljs's — follows the ZIP64 record to a second directory holding a
    // bomb. (The guard before JSZip read the classic record only and let this through.)
    const bomb = await deflatedZeros('xl/worksheets/sheet1.xml', 30 * MB);
    const { bytes, offsets, end } = locals([{ part: a }, { part: bomb }]);
    const small = centralRecord(a, offsets[0] ?? 0);
    const big = centralRecord(bomb, offsets[1] ?? 0);
    const zip64At = end + small.length;
    const zip64EndAt = zip64At + big.length;
    const zip64End = Buffer.alloc(56);
    zip64End.writeUInt32LE(0x06064b50, 0);
    zip64End.writeBigUInt64LE(44n, 4);
    zip64End.writeUInt16LE(45, 12);
    zip64End.writeUInt16LE(45, 14);
    zip64End.writeBigUInt64LE(1n, 24);
    zip64End.writeBigUInt64LE(1n, 32);
    zip64End.writeBigUInt64LE(BigInt(big.length), 40);
    zip64End.writeBigUInt64LE(BigInt(zip64At), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(zip64EndAt), 8);
    locator.writeUInt32LE(1, 16);
    const classic = endRecord({ entries: 1, size: small.length, offset: end });
    classic.writeUInt16LE(0xffff, 4);
    const crafted = Buffer.concat([bytes, small, big, zip64End, locator, classic]);
    expect(crafted.length).toBeLessThan(100 * 1024);
    const { error, grewMb } = await watched(crafted);
    expect(error).toEqual(notXlsx);
    expect(grewMb).toBeLessThan(64);
  });

  it('refuses what no workbook holds: encryption, other compression, too many entries', async () => {
    await expect(checkXlsxZip(zipOf([a], { flags: 0x01 }))).rejects.toEqual(notXlsx);
    const bzip2 = { ...stored('a.xml', Buffer.from('BZh9')), method: 12 };
    await expect(checkXlsxZip(zipOf([bzip2]))).rejects.toEqual(notXlsx);
    const many = Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => stored(`${i}.xml`, Buffer.alloc(0)));
    await expect(checkXlsxZip(zipOf(many))).rejects.toEqual(tooLarge);
    await expect(checkXlsxZip(zipOf(many.slice(0, MAX_ZIP_ENTRIES)))).resolves.toBeUndefined();
  });
});
