import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_SIDE, PHOTO_MESSAGES, PHOTO_QUALITIES, photoSteps, resizePhoto } from './photo';

// The resizing itself needs a real canvas: measured in Chromium by `npm run bench photo`.
describe('photoSteps', () => {
  it('tries every quality at 2048 px first, then smaller sizes at the lowest quality, down to 320 px', () => {
    const steps = photoSteps(4000, 3000);
    expect(steps.slice(0, 4)).toEqual(PHOTO_QUALITIES.map((quality) => ({ width: 2048, height: 1536, quality })));
    const smaller = steps.slice(4);
    expect(smaller[0]).toEqual({ width: 1638, height: 1229, quality: 0.5 });
    expect(smaller.every((step) => step.quality === 0.5)).toBe(true);
    const sides = smaller.map((step) => step.width);
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
    expect(Math.min(...sides)).toBeGreaterThanOrEqual(320);
    expect(Math.min(...sides) * 0.8).toBeLessThan(320);
  });

  it('keeps a portrait photo portrait and its proportions at every step', () => {
    for (const step of photoSteps(3000, 4000)) {
      expect(step.height).toBeGreaterThan(step.width);
      expect(step.width / step.height).toBeCloseTo(0.75, 2);
    }
    expect(photoSteps(3000, 4000)[0]).toEqual({ width: 1536, height: 2048, quality: 0.85 });
  });

  it('never enlarges a small picture, and stops at its own size when it is under 320 px', () => {
    expect(photoSteps(1200, 800)[0]).toEqual({ width: 1200, height: 800, quality: 0.85 });
    expect(photoSteps(1200, 800)[4]).toEqual({ width: 960, height: 640, quality: 0.5 });
    expect(photoSteps(300, 200)).toEqual(PHOTO_QUALITIES.map((quality) => ({ width: 300, height: 200, quality })));
  });

  it('fits the long side of a panorama and keeps at least one pixel on the short side', () => {
    expect(photoSteps(20000, 5)[0]).toEqual({ width: MAX_PHOTO_SIDE, height: 1, quality: 0.85 });
    expect(photoSteps(4000, 3000, 1000)[0]).toEqual({ width: 1000, height: 750, quality: 0.85 });
  });
});

describe('resizePhoto', () => {
  it('refuses a file that is not an image without decoding it', async () => {
    for (const type of ['application/pdf', 'text/plain', 'video/mp4']) {
      await expect(resizePhoto(new Blob(['%PDF-1.7'], { type }))).rejects.toThrow(PHOTO_MESSAGES.notAPhoto);
    }
  });

  it('says so when the browser has no createImageBitmap to decode an image with', async () => {
    expect(typeof globalThis.createImageBitmap).toBe('undefined');
    await expect(resizePhoto(new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }))).rejects.toThrow(
      PHOTO_MESSAGES.unsupported,
    );
  });
});
