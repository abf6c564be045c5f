// Files whose headers declare far more than they hold, built byte by byte: a decoder asked to open one
// allocates the declared frame (16000x16000 RGBA is 1 GB) although the file is a few hundred bytes.
// And an XLSX whose ZIP headers declare 1,000 bytes for an entry that inflates to hundreds of MB.
import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateSync } from 'node:zlib';

const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16be = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u16le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff]);

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

/** A valid PNG signature and IHDR declaring width x height RGBA, with a tiny IDAT. */
export function bombPng(width = 16000, height = 16000): Buffer {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 6, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG: SOI, JFIF, a start-of-frame declaring width x height (three components), EOI. */
export function bombJpeg(width = 16000, height = 16000): Buffer {
  const sof = Buffer.concat([
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08]),
    u16be(height),
    u16be(width),
    Buffer.from([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]),
  ]);
  const jfif = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF89a whose screen and one image declare width x height, with a one-pixel LZW stream. */
export function bombGif(width = 16000, height = 16000): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    u16le(width),
    u16le(height),
    Buffer.from([0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0]),
    u16le(width),
    u16le(height),
    Buffer.from([0x00, 0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b]),
  ]);
}

/** An extended WebP (VP8X) whose canvas is width x height. */
export function bombWebp(width = 16000, height = 16000): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), chunk]);
}

/** A copy of an MP4 whose first visual sample entry (avc1/hvc1) declares width x height. */
export function withCodedSize(mp4: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(mp4);
  // The stsd box's type, then its version and flags and entry count, then the first entry's size.
  const stsd = copy.indexOf('stsd', 0, 'latin1');
  const entryType = stsd + 4 + 8 + 4;
  if (stsd < 0 || !['avc1', 'hvc1'].includes(copy.toString('latin1', entryType, entryType + 4)))
    throw new Error('no visual sample entry found');
  // The entry's payload starts after its type; width and height sit 24 bytes in.
  copy.writeUInt16BE(width, entryType + 4 + 24);
  copy.writeUInt16BE(height, entryType + 4 + 26);
  return copy;
}

export interface ZipPart {
  name: string;
  /** Written as a local entry but left out of the central directory (only a streaming reader finds it). */
  hidden?: boolean;
  /** Deflated bytes, their CRC and the size the headers will declare. */
  deflated: Buffer;
  crc: number;
  declaredSize: number;
}

/** A truthful deflated entry. */
export const part = (name: string, content: string): ZipPart => {
  const bytes = Buffer.from(content, 'utf8');
  return { name, deflated: deflateRawOf(bytes), crc: crc32(bytes), declaredSize: bytes.length };
};

function deflateRawOf(bytes: Buffer): Buffer {
  // Raw deflate (no zlib header), as ZIP stores it.
  return deflateSync(bytes, { level: 9 }).subarray(2, -4);
}

/** `bytes` zeros as one raw deflate stream, made a MiB at a time (the zeros never all exist at once). */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (c: Buffer) => chunks.push(c));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= zeros.length) {
    if (!deflater.write(left >= zeros.length ? zeros : zeros.subarray(0, left)))
      await once(deflater, 'drain');
  }
  deflater.end();
  await once(deflater, 'end');
  return Buffer.concat(chunks);
}

/** A ZIP of the parts, back to back, sizes as each part declares them. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const fields = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at); // version needed
      b.writeUInt16LE(0, at + 2); // flags
      b.writeUInt16LE(8, at + 4); // deflate
      b.writeUInt16LE(0, at + 6); // time
      b.writeUInt16LE(0x21, at + 8); // date: 1980-01-01
      b.writeUInt32LE(p.crc >>> 0, at + 10);
      b.writeUInt32LE(p.deflated.length, at + 14);
      b.writeUInt32LE(p.declaredSize, at + 18);
      b.writeUInt16LE(name.length, at + 22);
      b.writeUInt16LE(0, at + 24);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    if (!p.hidden) centrals.push(central, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = parts.filter((p) => !p.hidden).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Video Publisher" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/**
 * An XLSX whose sheet entry declares `declaredSize` bytes (in its local header and the central
 * directory alike) but inflates to `inflatedBytes` zeros. The CRC is that of the zeros, so only the
 * size lies. The file is small: zeros deflate about 1000 to 1.
 */
export async function lyingWorkbook(inflatedBytes: number, declaredSize = 1000): Promise<Buffer> {
  const deflated = await deflatedZeros(inflatedBytes);
  let crc = 0;
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = inflatedBytes; left > 0; left -= zeros.length)
    crc = crc32(left >= zeros.length ? zeros : zeros.subarray(0, left), crc);
  return zipOf([
    part('[Content_Types].xml', CONTENT_TYPES),
    part('_rels/.rels', ROOT_RELS),
    part('xl/workbook.xml', WORKBOOK),
    part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    { name: 'xl/worksheets/sheet1.xml', deflated, crc, declaredSize },
  ]);
}
