/**
 * Draws the app's icons (web app manifest, Apple touch icon, PNG favicon) from the one mark in
 * web/public/favicon.svg (ADR 070). Run once when the mark changes (`npx tsx scripts/make-icons.ts`);
 * the PNGs are committed, so a build needs no image work.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'web/public/icons');
/** The mark's colour in favicon.svg: the full-bleed background of the maskable and Apple icons. */
const BRAND = '#0f766e';

/** The pin alone (white), on a transparent square of `size` with the mark filling `scale` of it. */
async function markSvg(): Promise<string> {
  return readFile(path.join(root, 'web/public/favicon.svg'), 'utf8');
}

async function rounded(size: number, file: string) {
  const svg = await markSvg();
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
}

/** Full bleed: the brand colour to every edge, the pin inside the central safe zone (`scale`). */
async function fullBleed(size: number, scale: number, file: string) {
  const pin = (await markSvg()).replace(/<rect[^>]*\/>/, '');
  const inner = Math.round(size * scale);
  const pinPng = await sharp(Buffer.from(pin), { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: pinPng, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
}

await mkdir(out, { recursive: true });
await rounded(192, 'icon-192.png');
await rounded(512, 'icon-512.png');
await rounded(32, 'favicon-32.png');
// Maskable: a launcher may cut it to a circle; the safe zone is the central 80% (W3C manifest).
await fullBleed(512, 0.7, 'maskable-512.png');
// iOS rounds the corners itself and shows transparency as black.
await fullBleed(180, 0.85, 'apple-touch-icon-180.png');
