import { useState } from 'react';

/**
 * The trigger side of a dialog kept in its own chunk (the phone's drawer, the image viewer): the
 * chunk is fetched when the trigger is hovered or focused, and the dialog is first rendered (inside
 * a Suspense boundary) when the trigger is pressed.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return {
    open,
    setOpen,
    /** The dialog has been asked for once: render it from then on (it keeps its closing animation). */
    used,
    triggerProps: {
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      onClick: () => {
        setUsed(true);
        setOpen(true);
      },
    },
  };
}
