import { lazy, Suspense } from 'react';
import { useLazyDialog } from '../components/lazyDialog';
import { useIntl } from '../i18n/intl';

const loadImageDialog = () => import('./ImageDialog');
const ImageDialog = lazy(loadImageDialog);

/** A photo-finish (or similar) image behind a button; the viewer's dialog is loaded on first use. */
export function ImageButton({ src, label }: { src: string; label: string }) {
  const { open, setOpen, used, triggerProps } = useLazyDialog(loadImageDialog);
  const intl = useIntl();
  return (
    <>
      <button type="button" className="link-button" {...triggerProps}>
        {intl.formatMessage({ id: 'image.open' })}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ImageDialog src={src} label={label} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
