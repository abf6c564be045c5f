// A ZIP checked by inflating it, not by believing it: every entry is inflated as a stream and the bytes
// it actually produces are counted, stopping at the cap whatever sizes the headers declare. The ZIP
// must also be "tight" (entries back to back, each local header agreeing with the central directory,
// each compressed stream ending exactly where its entry ends, every entry inflating to exactly its
// declared size and CRC). Then any reader (exceljs's whole-file JSZip, which follows the central
// directory, or its streaming unzipper, which follows local headers) reads exactly the bytes counted
// here and nothing else: no lying size, no entry hidden between others. Nothing is kept: memory is
// one inflate chunk, whatever the archive unpacks to.
import { crc32, createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  /** Bytes all entries may unpack to, counted as they inflate. */
  maxUnpackedBytes: number;
  maxEntries: number;
}

export interface ZipSummary {
  entries: number;
  unpackedBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

interface CentralEntry {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The end-of-central-directory record's offset: the ZIP must end with it (and its comment). */
function endRecordOf(content: Buffer): number | null {
  const floor = Math.max(0, content.length - 22 - 0xffff);
  for (let at = content.length - 22; at >= floor; at--) {
    if (content.readUInt32LE(at) === EOCD && at + 22 + content.readUInt16LE(at + 20) === content.length)
      return at;
  }
  return null;
}

/** The central directory, or null when it is not one whole directory right before the end record. */
function centralDirectoryOf(content: Buffer, end: number, maxEntries: number): CentralEntry[] | null {
  const disk = content.readUInt16LE(end + 4);
  const cdDisk = content.readUInt16LE(end + 6);
  const onDisk = content.readUInt16LE(end + 8);
  const count = content.readUInt16LE(end + 10);
  const cdSize = content.readUInt32LE(end + 12);
  const cdOffset = content.readUInt32LE(end + 16);
  // One disk only; ZIP64 (0xffff / 0xffffffff markers) is refused: a 5 MB workbook never needs it.
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count || count === 0xffff || count > maxEntries) return null;
  if (cdOffset + cdSize !== end) return null;
  const entries: CentralEntry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || content.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = content.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
    if (next > end) return null;
    entries.push({
      flags: content.readUInt16LE(at + 8),
      method: content.readUInt16LE(at + 10),
      crc: content.readUInt32LE(at + 16),
      compressedSize: content.readUInt32LE(at + 20),
      size: content.readUInt32LE(at + 24),
      localOffset: content.readUInt32LE(at + 42),
      name: content.subarray(at + 46, at + 46 + nameLength),
    });
    at = next;
  }
  return at === end ? entries : null;
}

/**
 * Inflates `data`, counting what comes out: null as soon as it passes `budget` (the inflater is
 * destroyed, nothing more is produced), or when the stream is broken or does not span all of `data`.
 */
function inflateCounted(data: Buffer, budget: number): Promise<{ bytes: number; crc: number } | null> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    let bytes = 0;
    let crc = 0;
    let done = false;
    const finish = (result: { bytes: number; crc: number } | null) => {
      if (done) return;
      done = true;
      if (result === null) inflater.destroy();
      resolve(result);
    };
    inflater.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > budget) return finish(null);
      crc = crc32(chunk, crc);
    });
    inflater.on('error', () => finish(null));
    // bytesWritten is the input the inflater consumed: a stream ending early leaves room for bytes
    // another reader might take for a next entry.
    inflater.on('end', () => finish(inflater.bytesWritten === data.length ? { bytes, crc } : null));
    inflater.end(data);
  });
}

/**
 * Checks a ZIP held in memory (already bounded by the upload limit) by inflating every entry and
 * counting: its summary, or null when it is no tight ZIP, holds too many entries, is encrypted or uses
 * another method than stored or deflate, lies about any size or CRC, or unpacks past the cap.
 */
export async function countZip(content: Buffer, limits: ZipLimits): Promise<ZipSummary | null> {
  if (content.length < 22) return null;
  const end = endRecordOf(content);
  if (end === null) return null;
  const central = centralDirectoryOf(content, end, limits.maxEntries);
  if (central === null) return null;
  const names = new Set(central.map((e) => e.name.toString('latin1')));
  if (names.size !== central.length) return null;

  let expected = 0;
  let total = 0;
  for (const entry of [...central].sort((a, b) => a.localOffset - b.localOffset)) {
    const at = entry.localOffset;
    if (at !== expected || at + 30 > end || content.readUInt32LE(at) !== LOCAL) return null;
    const flags = content.readUInt16LE(at + 6);
    const method = content.readUInt16LE(at + 8);
    const nameLength = content.readUInt16LE(at + 26);
    const dataStart = at + 30 + nameLength + content.readUInt16LE(at + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if ((entry.flags & 1) !== 0 || method !== entry.method || (method !== 0 && method !== 8)) return null;
    if (dataEnd > end || !content.subarray(at + 30, at + 30 + nameLength).equals(entry.name)) return null;
    const hasDescriptor = (flags & 8) !== 0;
    if (
      !hasDescriptor &&
      (content.readUInt32LE(at + 14) !== entry.crc ||
        content.readUInt32LE(at + 18) !== entry.compressedSize ||
        content.readUInt32LE(at + 22) !== entry.size)
    )
      return null;
    expected = dataEnd;
    if (hasDescriptor) {
      // crc, compressed and unpacked size after the data, with or without its signature.
      const signed = dataEnd + 4 <= end && content.readUInt32LE(dataEnd) === DESCRIPTOR;
      const fields = signed ? dataEnd + 4 : dataEnd;
      if (fields + 12 > end) return null;
      if (
        content.readUInt32LE(fields) !== entry.crc ||
        content.readUInt32LE(fields + 4) !== entry.compressedSize ||
        content.readUInt32LE(fields + 8) !== entry.size
      )
        return null;
      expected = fields + 12;
    }

    const data = content.subarray(dataStart, dataEnd);
    // Inflating stops at the declared size or the cap left, whichever is smaller: an entry producing
    // more than it declares is refused at its first byte too many.
    if (entry.size > limits.maxUnpackedBytes - total) return null;
    const budget = entry.size;
    let produced: { bytes: number; crc: number } | null;
    if (method === 0) produced = data.length <= budget ? { bytes: data.length, crc: crc32(data) } : null;
    else produced = await inflateCounted(data, budget);
    if (!produced || produced.bytes !== entry.size || produced.crc >>> 0 !== entry.crc) return null;
    total += produced.bytes;
  }
  // The entries end where the central directory starts: no bytes in between for a reader to find.
  const cdOffset = content.readUInt32LE(end + 16);
  if (expected !== cdOffset) return null;
  return { entries: central.length, unpackedBytes: total };
}
