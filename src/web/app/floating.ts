/** Spec section 9: a drag over 5 px is not a click; margins 120 px at the top and 30 px elsewhere. */
export const DRAG_THRESHOLD_PX = 5;
export const FLOAT_MARGINS = { top: 120, right: 30, bottom: 30, left: 30 } as const;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Whether a pointer that went down at `start` and is now at `current` is dragging, not clicking. */
export function isDrag(start: Point, current: Point, threshold = DRAG_THRESHOLD_PX): boolean {
  return Math.hypot(current.x - start.x, current.y - start.y) > threshold;
}

/** Keeps the control (its top-left corner at `position`) inside the viewport less the margins. */
export function clampToViewport(position: Point, control: Size, viewport: Size, margins = FLOAT_MARGINS): Point {
  const minX = margins.left;
  const minY = margins.top;
  const maxX = Math.max(minX, viewport.width - margins.right - control.width);
  const maxY = Math.max(minY, viewport.height - margins.bottom - control.height);
  return { x: Math.min(maxX, Math.max(minX, position.x)), y: Math.min(maxY, Math.max(minY, position.y)) };
}
