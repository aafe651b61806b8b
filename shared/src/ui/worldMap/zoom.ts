/** Map zoom: from 1 to 8, in by a factor of 1.4, out by 0.6, each change animated over 750 ms. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;
export const ZOOM_IN_FACTOR = 1.4;
export const ZOOM_OUT_FACTOR = 0.6;
export const ZOOM_DURATION_MS = 750;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM_MIN;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

export function zoomedIn(zoom: number): number {
  return clampZoom(zoom * ZOOM_IN_FACTOR);
}

export function zoomedOut(zoom: number): number {
  return clampZoom(zoom * ZOOM_OUT_FACTOR);
}
