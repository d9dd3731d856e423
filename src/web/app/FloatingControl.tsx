import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useIntl } from '../i18n/intl';
import { useLocation } from 'react-router';
import { BCP47, LOCALE_IDS, type LocaleId } from '../i18n/locale';
import { clampToViewport, isDrag, type Point } from './floating';
import { useLocale } from './locale';

const SIZE = { width: 48, height: 48 };
const NAMES: Record<LocaleId, string> = { zh_CN: '简', zh_HK: '繁', en_US: 'EN' };

/**
 * The floating control (spec section 2): dragged anywhere inside the viewport's margins with mouse,
 * pen or touch; a press that moves less than 5 px is a click and opens the language choice and the
 * way back to the top. Drawn by the server in its resting place (the bottom right corner, by CSS),
 * so a page not yet hydrated has it: a tap wakes the page and is given again once hydrated
 * (app/wakeScript.ts), which is why the choice opens on the button's click, not on a pointer's up.
 */
export function FloatingControl() {
  const locale = useLocale();
  const intl = useIntl();
  const location = useLocation();
  const [position, setPosition] = useState<Point | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const press = useRef<{ start: Point; origin: Point; dragging: boolean } | undefined>(undefined);
  /** The press that ended was a drag: the click that follows it does not open the choice. */
  const dragged = useRef(false);

  // Placed after hydration (the server does not know the viewport), and kept inside it on resize.
  useEffect(() => {
    const place = () =>
      setPosition((current) =>
        clampToViewport(current ?? { x: window.innerWidth, y: window.innerHeight }, SIZE, {
          width: window.innerWidth,
          height: window.innerHeight,
        }),
      );
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, []);

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!position) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = { start: { x: event.clientX, y: event.clientY }, origin: position, dragging: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    if (!current) return;
    const point = { x: event.clientX, y: event.clientY };
    if (!current.dragging && !isDrag(current.start, point)) return;
    current.dragging = true;
    setPosition(
      clampToViewport(
        { x: current.origin.x + point.x - current.start.x, y: current.origin.y + point.y - current.start.y },
        SIZE,
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  };
  const onPointerUp = () => {
    dragged.current = press.current?.dragging === true;
    press.current = undefined;
  };
  // A click, a tap, Enter or Space (a button's own click), or a tap held until hydrated.
  const onClick = () => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    setOpen((o) => !o);
  };

  return (
    <div
      className="floating"
      style={position ? { left: position.x, top: position.y, right: 'auto', bottom: 'auto' } : undefined}
    >
      <button
        type="button"
        className="floating-handle"
        aria-expanded={open}
        // The name starts with the visible text (WCAG 2.5.3, label in name).
        aria-label={`${NAMES[locale]} · ${intl.formatMessage({ id: 'floating.label' })}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onClick={onClick}
      >
        {NAMES[locale]}
      </button>
      {open ? (
        <div className="floating-menu" role="group" aria-label={intl.formatMessage({ id: 'language.label' })}>
          {LOCALE_IDS.map((id) => (
            <a
              key={id}
              href={`${location.pathname}?lang=${id}`}
              lang={BCP47[id]}
              aria-current={id === locale ? 'true' : undefined}
            >
              {NAMES[id]}
            </a>
          ))}
          <button
            type="button"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            aria-label={intl.formatMessage({ id: 'floating.top' })}
          >
            ↑
          </button>
        </div>
      ) : null}
    </div>
  );
}
