import { Dialog } from 'radix-ui';
import { useIntl } from '../i18n/intl';
import { ImageViewer } from './ImageViewer';

/**
 * The image viewer's dialog. Its own chunk, loaded when an image is first opened: the dialog
 * machinery is not part of a result page's first load.
 */
export default function ImageDialog({
  src,
  label,
  open,
  onOpenChange,
}: {
  src: string;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="image-overlay" />
        <Dialog.Content className="image-dialog" aria-describedby={undefined}>
          <Dialog.Title className="sr-only">{label}</Dialog.Title>
          <ImageViewer src={src} alt={label} />
          <Dialog.Close className="image-close">{intl.formatMessage({ id: 'nav.close' })}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
