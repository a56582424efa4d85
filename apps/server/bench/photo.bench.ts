import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import ts from 'typescript';
import type { BenchResult } from './stats';
import { percentile } from './stats';

/** The phone's resize (apps/web/src/lib/offline/photo.ts), run as the browser runs it. */
const PHOTO_SOURCE = fileURLToPath(new URL('../../web/src/lib/offline/photo.ts', import.meta.url));
/** The page the bench opens: answered by Playwright's router, no server behind it. */
const ORIGIN = 'http://photo.bench';
const WIDTH = 4000;
const HEIGHT = 3000;
/** The stored top-left corner painted red, to see where the EXIF orientation puts it. */
const MARK = { width: 400, height: 300 };
const RUNS = 3;

/** What the bench calls of photo.ts in the page (its own types need the DOM, which the server has not). */
interface PhotoModule {
  resizePhoto(file: Blob): Promise<{ blob: Blob; width: number; height: number }>;
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

/**
 * A 12 MP picture that compresses like a photo (gradients, a texture and sensor-like noise: about
 * 5.5 MB as a JPEG at quality 92, a camera's size), with MARK red. Orientation 6 stores it as a
 * phone held upright does: landscape pixels to be turned a quarter clockwise for display.
 */
async function cameraPhoto(orientation?: 6, grain = 28): Promise<Buffer> {
  // Clamped: a value out of 0-255 is kept at the end of the range rather than wrapped round.
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 3);
  let seed = 42;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      if (x < MARK.width && y < MARK.height) {
        pixels[i] = 255;
        continue;
      }
      const sky = y / HEIGHT;
      const texture = 40 * Math.sin(x / 37 + Math.sin(y / 53) * 3) * Math.cos(y / 29 + x / 411);
      const noise = (random() + random() + random() - 1.5) * grain;
      pixels[i] = 60 + 120 * sky + texture + noise;
      pixels[i + 1] = 90 + 80 * (x / WIDTH) + texture * 0.7 + noise;
      pixels[i + 2] = 160 - 90 * sky - texture * 0.5 + noise;
    }
  }
  const image = sharp(Buffer.from(pixels.buffer), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 92 }).toBuffer();
}

interface PageResult {
  bytes: number[];
  width: number;
  height: number;
  type: string;
  ms: number[];
}

/** resizePhoto on the file at `path` in the page, RUNS times; the last result and every timing. */
function resizeInPage(page: Page, path: string): Promise<PageResult> {
  return page.evaluate(
    async ({ module, path, runs }) => {
      const photo: PhotoModule = await import(module);
      const file = await (await fetch(path)).blob();
      const ms: number[] = [];
      let result: Awaited<ReturnType<PhotoModule['resizePhoto']>> | undefined;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        result = await photo.resizePhoto(file);
        ms.push(performance.now() - start);
      }
      if (!result) throw new Error('no run');
      const bytes = Array.from(new Uint8Array(await result.blob.arrayBuffer()));
      return { bytes, width: result.width, height: result.height, type: result.blob.type, ms };
    },
    { module: `${ORIGIN}/photo.js`, path: `${ORIGIN}${path}`, runs: RUNS },
  );
}

/** What the page refuses: the message of each file's rejection. */
function refusals(page: Page): Promise<string[]> {
  return page.evaluate(async (module) => {
    const photo: PhotoModule = await import(module);
    const files = [
      new Blob(['%PDF-1.7 not a photo'], { type: 'application/pdf' }),
      new Blob(['not a photo either'], { type: 'image/jpeg' }),
      new Blob([new Uint8Array(1000)], { type: '' }),
    ];
    return Promise.all(
      files.map((file) =>
        photo.resizePhoto(file).then(
          () => 'accepted',
          (error: Error) => error.message,
        ),
      ),
    );
  }, `${ORIGIN}/photo.js`);
}

/** Whether the 16 × 16 square at (left, top) of the JPEG is the red mark. */
async function isRed(jpeg: Buffer, left: number, top: number): Promise<boolean> {
  const square = await sharp(jpeg).extract({ left, top, width: 16, height: 16 }).removeAlpha().raw().toBuffer();
  const mean = (channel: number) => {
    let sum = 0;
    for (let i = channel; i < square.length; i += 3) sum += square[i] ?? 0;
    return sum / (square.length / 3);
  };
  return mean(0) > 200 && mean(1) < 60 && mean(2) < 60;
}

/** A photo the bench resizes, and how it should come out. */
interface Input {
  label: string;
  path: string;
  body: Buffer;
  contentType: string;
  /** Shown portrait (EXIF orientation 6). */
  portrait: boolean;
}

/** What is wrong with the result (nothing when it meets the budget), and its figure. */
async function check(input: Input, result: PageResult): Promise<{ figure: string; problems: string[] }> {
  const jpeg = Buffer.from(result.bytes);
  const meta = await sharp(jpeg).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const problems: string[] = [];
  if (jpeg.length > 600 * 1024) problems.push(`${kb(jpeg.length)} is over 600 KB`);
  if (result.type !== 'image/jpeg' || meta.format !== 'jpeg')
    problems.push(`not a JPEG (${result.type}, ${meta.format})`);
  if (width !== result.width || height !== result.height)
    problems.push(`answered ${result.width}×${result.height}, the JPEG is ${width}×${height}`);
  if (Math.max(width, height) > 2048) problems.push(`long side ${Math.max(width, height)} px`);
  if (input.portrait !== height > width) problems.push(input.portrait ? 'not portrait' : 'not landscape');
  // Re-encoded without metadata: no orientation left to apply twice, no place or phone model.
  if (meta.exif) problems.push('EXIF kept');
  // Upright: the stored top-left corner is shown top-left, or top-right once turned a quarter clockwise.
  const corners = [
    { left: 20, top: 20 },
    { left: width - 40, top: 20 },
  ];
  const [markAt, elsewhere] = input.portrait ? [corners[1], corners[0]] : corners;
  if (
    !markAt ||
    !elsewhere ||
    !(await isRed(jpeg, markAt.left, markAt.top)) ||
    (await isRed(jpeg, elsewhere.left, elsewhere.top))
  )
    problems.push('the picture is not upright');
  const ms = result.ms.map((m) => m.toFixed(0)).join(', ');
  return {
    figure: `${input.label} (${(input.body.length / 1024 / 1024).toFixed(1)} MB) → ${kb(jpeg.length)} JPEG ${width}×${height}, median ${percentile(result.ms, 50).toFixed(0)} ms (${ms})`,
    problems: problems.map((problem) => `${input.label}: ${problem}`),
  };
}

/**
 * Issue 30's budget 'a photo of 12 MP is stored at most 600 KB': resizePhoto in Chromium on
 * camera-sized pictures (a JPEG upright and turned by EXIF, a grainy night shot that needs the
 * lower qualities or sizes, a PNG screenshot-sized one), and the refusal of files that are not photos.
 */
export async function benchPhoto(): Promise<BenchResult> {
  const source = await readFile(PHOTO_SOURCE, 'utf8');
  const script = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const jpeg = 'image/jpeg';
  const inputs: Input[] = [
    {
      label: `JPEG ${WIDTH}×${HEIGHT}`,
      path: '/day.jpg',
      body: await cameraPhoto(),
      contentType: jpeg,
      portrait: false,
    },
    {
      label: `JPEG ${HEIGHT}×${WIDTH} (stored ${WIDTH}×${HEIGHT}, EXIF orientation 6)`,
      path: '/upright.jpg',
      body: await cameraPhoto(6),
      contentType: jpeg,
      portrait: true,
    },
    {
      label: `grainy night JPEG ${WIDTH}×${HEIGHT}`,
      path: '/night.jpg',
      body: await cameraPhoto(undefined, 120),
      contentType: jpeg,
      portrait: false,
    },
    {
      label: `PNG ${WIDTH}×${HEIGHT}`,
      path: '/photo.png',
      body: await sharp(await cameraPhoto())
        .png()
        .toBuffer(),
      contentType: 'image/png',
      portrait: false,
    },
  ];
  const files = new Map<string, { body: string | Buffer; contentType: string }>([
    ['/', { body: '<!doctype html><title>photo bench</title>', contentType: 'text/html' }],
    ['/photo.js', { body: script, contentType: 'text/javascript' }],
    ...inputs.map((input) => [input.path, input] as const),
  ]);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const file = files.get(new URL(route.request().url()).pathname);
      return file
        ? route.fulfill({ status: 200, body: file.body, contentType: file.contentType })
        : route.fulfill({ status: 404 });
    });
    await page.goto(`${ORIGIN}/`);
    const results = [];
    for (const input of inputs) results.push(await check(input, await resizeInPage(page, input.path)));
    // A phone's CPU: the first photo again with Chromium's CPU slowed down 4 times.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const [first] = inputs;
    if (first) {
      const slow = await check(first, await resizeInPage(page, first.path));
      results.push({ figure: `4x CPU throttling: ${slow.figure}`, problems: slow.problems });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const refused = await refusals(page);
    const refusedRight = refused.every((message) => message === 'This file is not a photo.');
    const problems = results.flatMap((result) => result.problems);
    if (!refusedRight) problems.push(`files that are not photos: ${refused.join(' / ')}`);
    return {
      name: 'A 12 MP camera photo resized on the phone (resizePhoto in Chromium)',
      budget: 'a 12 MP photo is stored at most 600 KB, a JPEG, long side ≤ 2048 px, upright, without EXIF',
      figure: [
        ...results.map((result) => result.figure),
        `a PDF, a text typed image/jpeg and 1000 zero bytes: ${refusedRight ? "refused 'This file is not a photo.'" : refused.join(' / ')}`,
        ...problems.map((problem) => `problem: ${problem}`),
      ].join('\n      '),
      pass: problems.length === 0,
    };
  } finally {
    await browser.close();
  }
}
