/**
 * Hostile uploads for the content-safety tests (issue 6), made by hand so each lies exactly as
 * an attacker's would: polyglots carrying HTML, script or a zip, and decompression bombs.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { pngImage } from './test-uploads';

/** The (solid-colour) JPEG with `payload` appended after its end marker. */
export async function jpegWithTrailer(payload: Buffer | string): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from(payload)]);
}

/** A JPEG whose comment segment (COM, FF FE) holds `comment`. */
export async function jpegWithComment(comment: string): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();
  const text = Buffer.from(comment);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG with a tEXt chunk holding `text`, inserted before its IEND chunk. */
export async function pngWithText(text: string): Promise<Buffer> {
  const png = await pngImage(16, 16);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), png.subarray(iend)]);
}

/** A minimal zip archive (one stored file) as appended to a "PNG + zip" polyglot. */
export function zipArchive(name: string, content: string): Buffer {
  const file = Buffer.from(name);
  const data = Buffer.from(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(zlib.crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([local, file, data, end]);
}

/**
 * A decompression bomb: a 1-bit grey PNG declaring width x height. With `rows` = height it is
 * complete and valid (20000 x 20000 compresses to about 50 KB); fewer rows keep the test fast for
 * larger sizes (the header is what must be refused).
 */
export function pngBomb(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc(rows * (1 + Math.ceil(width / 8))); // filter byte 0 and black pixels per row
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header (SOF) is patched to declare width x height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer(),
  );
  let at = 2;
  while (at < jpeg.length && !(jpeg[at] === 0xff && [0xc0, 0xc1, 0xc2].includes(jpeg[at + 1] ?? 0))) {
    at += 2 + jpeg.readUInt16BE(at + 2); // skip the segment
  }
  if (at >= jpeg.length) throw new Error('no SOF segment');
  jpeg.writeUInt16BE(height, at + 5);
  jpeg.writeUInt16BE(width, at + 7);
  return jpeg;
}

/** A small lossless WebP whose VP8L header is patched to declare width x height (max 16383). */
export async function webpDeclaring(width: number, height: number): Promise<Buffer> {
  const webp = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp({ lossless: true })
      .toBuffer(),
  );
  if (webp.toString('latin1', 12, 16) !== 'VP8L' || webp[20] !== 0x2f) throw new Error('not a simple VP8L WebP');
  const bits = webp.readUInt32LE(21);
  webp.writeUInt32LE(((bits & ~0x0fffffff) | ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)) >>> 0, 21);
  return webp;
}

/** A GIF89a declaring width x height (at most 65535) with `comment` in a comment extension. */
export function gifWithComment(comment: string, width = 8, height = 8): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  const text = Buffer.from(comment);
  const blocks: Buffer[] = [];
  for (let i = 0; i < text.length; i += 255) {
    const block = text.subarray(i, i + 255);
    blocks.push(Buffer.from([block.length]), block);
  }
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    size,
    Buffer.from([0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]), // global table of 2 colours
    Buffer.from([0x21, 0xfe]),
    ...blocks,
    Buffer.from([0]),
    Buffer.from([0x2c, 0, 0, 0, 0]),
    size,
    Buffer.from([0, 2, 2, 0x44, 0x01, 0]), // LZW: clear, one pixel, end
    Buffer.from([0x3b]),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
