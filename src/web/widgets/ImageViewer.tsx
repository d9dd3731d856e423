import { useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useIntl } from '../i18n/intl';
import { clampScale, nextRotation, pinchScale, SCALE_STEP } from './imageView';

/**
 * Zoom (step 1.2, scale 0.2 to 7), rotate by 90 degrees, with buttons, the keyboard (+, -, 0, r)
 * and a two-finger pinch.
 */
export function ImageViewer({ src, alt }: { src: string; alt: string }) {
  const intl = useIntl();
  const [scale, setScale] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [pointers] = useState(() => new Map<number, { x: number; y: number }>());
  const [pinchStart, setPinchStart] = useState<{ distance: number; scale: number } | undefined>();

  const zoom = (factor: number) => setScale((s) => clampScale(s * factor));
  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      '+': () => zoom(SCALE_STEP),
      '=': () => zoom(SCALE_STEP),
      '-': () => zoom(1 / SCALE_STEP),
      '0': () => {
        setScale(1);
        setRotation(0);
      },
      r: () => setRotation(nextRotation),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const distance = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: ReactPointerEvent) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) setPinchStart({ distance: distance(), scale });
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinchStart && pointers.size === 2) setScale(pinchScale(pinchStart.scale, pinchStart.distance, distance()));
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) setPinchStart(undefined);
  };
  return (
    <div className="image-viewer">
      <div className="image-tools" role="toolbar" aria-label={alt}>
        <button type="button" onClick={() => zoom(SCALE_STEP)}>
          {intl.formatMessage({ id: 'image.zoomIn' })}
        </button>
        <button type="button" onClick={() => zoom(1 / SCALE_STEP)}>
          {intl.formatMessage({ id: 'image.zoomOut' })}
        </button>
        <button type="button" onClick={() => setRotation(nextRotation)}>
          {intl.formatMessage({ id: 'image.rotate' })}
        </button>
        <output aria-live="polite">{Math.round(scale * 100)}%</output>
      </div>
      <div
        className="image-stage"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        aria-label={intl.formatMessage({ id: 'image.keys' })}
      >
        <img src={src} alt={alt} style={{ transform: `scale(${scale}) rotate(${rotation}deg)` }} draggable={false} />
      </div>
    </div>
  );
}
