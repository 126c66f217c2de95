import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from './image';
import { MAX_INPUT_PIXELS, MEDIA_TEXTS } from './media.errors';
import {
  SVG_WITH_SCRIPT,
  gifWithComment,
  jpegDeclaring,
  jpegWithComment,
  jpegWithTrailer,
  pngBomb,
  pngWithText,
  webpDeclaring,
  zipArchive,
} from '@server-test/test-hostile-images';
import { pngImage } from '@server-test/test-uploads';

const declared = async (input: Buffer) => {
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  return [meta.format, meta.width, meta.height];
};

describe('reencodeImage against hostile input', () => {
  it('the hand-made bombs declare what they claim, in a few kilobytes', async () => {
    const complete = pngBomb(20_000, 20_000);
    expect(complete.length).toBeLessThan(100_000);
    expect(await declared(complete)).toEqual(['png', 20_000, 20_000]);
    expect(await declared(pngBomb(100_000, 100_000, 10))).toEqual(['png', 100_000, 100_000]);
    expect(await declared(await jpegDeclaring(65_000, 65_000))).toEqual(['jpeg', 65_000, 65_000]);
    expect(await declared(await webpDeclaring(16_383, 16_383))).toEqual(['webp', 16_383, 16_383]);
    expect(await declared(gifWithComment('x', 65_535, 65_535))).toEqual(['gif', 65_535, 65_535]);
  });

  it(`refuses more than ${MAX_INPUT_PIXELS / 1e6} megapixels from the header, without decoding`, async () => {
    const bombs = [
      pngBomb(20_000, 20_000),
      pngBomb(100_000, 100_000, 10),
      pngBomb(MAX_INPUT_PIXELS / 5_000 + 1, 5_000, 10),
      await jpegDeclaring(65_000, 65_000),
      await webpDeclaring(16_383, 16_383),
    ];
    const rssBefore = process.memoryUsage().rss;
    for (const bomb of bombs) {
      await expect(reencodeImage(bomb)).rejects.toMatchObject({ statusCode: 415, message: MEDIA_TEXTS.tooManyPixels });
    }
    // Decoding the 20000 x 20000 one alone would take 400 MB or more.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('accepts a photo just under the cap (a 50 MP phone camera, 8160 x 6120)', async () => {
    const out = await reencodeImage(pngBomb(8160, 6120));
    expect(await declared(out)).toEqual(['webp', 2048, 1536]);
  }, 30_000);

  it('refuses a GIF bomb, SVG, an empty file and HTML with a JPEG inside as not an image', async () => {
    const jpeg = await jpegWithTrailer('');
    for (const input of [
      gifWithComment('<script>alert(1)</script>', 65_535, 65_535),
      gifWithComment('<script>alert(1)</script>'),
      SVG_WITH_SCRIPT,
      Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), SVG_WITH_SCRIPT]),
      Buffer.concat([Buffer.from('<html><script>alert(1)</script></html>'), jpeg]),
    ]) {
      await expect(reencodeImage(input)).rejects.toMatchObject({ statusCode: 415, message: MEDIA_TEXTS.notAnImage });
    }
    await expect(reencodeImage(Buffer.alloc(0))).rejects.toMatchObject({ statusCode: 415, message: MEDIA_TEXTS.emptyFile });
  });

  it('re-encodes polyglots into a WebP that carries none of the payload', async () => {
    const payload = '<script>alert(document.cookie)</script>';
    for (const input of [
      await jpegWithTrailer(`<html>${payload}</html>`),
      await jpegWithComment(payload),
      await pngWithText(payload),
      Buffer.concat([await pngImage(16, 16), zipArchive('evil.html', payload)]),
    ]) {
      expect(input.includes(payload)).toBe(true);
      const out = await reencodeImage(input);
      expect((await sharp(out).metadata()).format).toBe('webp');
      expect(out.includes('<script')).toBe(false);
      expect(out.includes('PK\x03\x04')).toBe(false);
    }
  });
});
