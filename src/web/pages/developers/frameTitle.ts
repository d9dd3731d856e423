import { useRootData } from '../../app/Root';
import { useIntl } from '../../i18n/intl';

/**
 * The title an embed's frame carries for screen readers: what it shows and the site's name in the
 * page's language (the variant's own). The embeds' offers and the developers' example share it.
 */
export function useFrameTitle(shows: string): string {
  const intl = useIntl();
  const { hongKong } = useRootData();
  return `${shows} · ${intl.formatMessage({ id: hongKong ? 'site.titleHongKong' : 'site.title' })}`;
}
