/** Image zoom of the attachment viewer (spec 1 §2, §9: minimum scale 0.2). */

export const ZOOM = { min: 0.2, max: 5, step: 1.25, initial: 1 } as const;

const round = (scale: number) => Math.round(scale * 100) / 100;

export function zoomIn(scale: number): number {
  return Math.min(ZOOM.max, round(scale * ZOOM.step));
}

export function zoomOut(scale: number): number {
  return Math.max(ZOOM.min, round(scale / ZOOM.step));
}

export const canZoomIn = (scale: number) => scale < ZOOM.max;
export const canZoomOut = (scale: number) => scale > ZOOM.min;
