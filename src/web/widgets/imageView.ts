/** The image viewer's arithmetic, kept pure so it is tested without a browser. */
export const SCALE_STEP = 1.2;
export const MIN_SCALE = 0.2;
export const MAX_SCALE = 7;

export const clampScale = (scale: number): number =>
  Number.isFinite(scale) ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale)) : 1;

export const nextRotation = (degrees: number): number => (degrees + 90) % 360;

/** Scale after a pinch: the start scale times how far the fingers moved apart. */
export const pinchScale = (startScale: number, startDistance: number, distance: number): number =>
  startDistance > 0 ? clampScale((startScale * distance) / startDistance) : clampScale(startScale);
