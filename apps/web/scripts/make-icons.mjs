// One-off: draws the installable app's icons (public/icons/*.png) from the logo, public/favicon.svg,
// with sharp (the server's dependency). Run from the repository root after changing the logo:
//   node apps/web/scripts/make-icons.mjs
// and commit the PNGs it writes.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '..');
const out = path.join(web, 'public', 'icons');
const logo = readFileSync(path.join(web, 'public', 'favicon.svg'), 'utf8');
// The logo's background, the theme's primary colour (src/app/theme.ts).
const PRIMARY = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
if (!PRIMARY) throw new Error('favicon.svg has no background rectangle to take the colour from.');
// The white letter alone, without the rounded square around it.
const letter = logo.replace(/<rect[^>]*\/>/, '');

/** The logo as it is (rounded square, transparent corners) at size × size. */
const asIs = (size) =>
  sharp(Buffer.from(logo), { density: (72 * size) / 32 })
    .resize(size, size)
    .png();

/**
 * The letter on a full square of the background colour, scaled to `share` of the side. A maskable
 * icon's platform crops it to a circle of 80 % of the side (the safe zone): the letter stays well
 * inside it. Apple's touch icon is a full square too (iOS rounds the corners itself and shows
 * transparency as black).
 */
function onSquare(size, share) {
  const inner = Math.round(size * share);
  const svg = letter.replace('viewBox="0 0 32 32"', `viewBox="0 0 32 32" width="${inner}" height="${inner}"`);
  // The whole 32-unit square is scaled (the letter sits centred in it), then centred on the icon.
  return sharp({ create: { width: size, height: size, channels: 4, background: PRIMARY } })
    .composite([{ input: Buffer.from(svg), gravity: 'centre' }])
    .flatten({ background: PRIMARY })
    .png();
}

await mkdir(out, { recursive: true });
await asIs(192).toFile(path.join(out, 'icon-192.png'));
await asIs(512).toFile(path.join(out, 'icon-512.png'));
await onSquare(512, 0.75).toFile(path.join(out, 'icon-maskable-512.png'));
await onSquare(180, 0.9).toFile(path.join(out, 'apple-touch-icon-180.png'));
process.stdout.write(`Icons written to ${path.relative(process.cwd(), out)}\n`);
