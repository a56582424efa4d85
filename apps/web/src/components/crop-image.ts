import type { Area } from 'react-easy-crop';

/** The longest side of a cropped picture: enough for a card, a print-out and an avatar. */
const MAX_SIDE = 800;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** Draws the cropped square of the image on a canvas and answers it as a JPEG blob. */
export async function cropToBlob(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.min(MAX_SIDE, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be cropped in this browser.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped.'))),
      'image/jpeg',
      0.9,
    );
  });
}
