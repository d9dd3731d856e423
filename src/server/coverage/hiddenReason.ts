import { hiddenReasons } from '../../generated/hiddenReasons';

/**
 * Why a sport's mark hides a value, as its plugin says (the sport's own mark, else the shared one of
 * that code): the report's words for the editor. The pages know only the marks' codes.
 */
export const hiddenReason = (sport: string, mark: string): string | undefined =>
  hiddenReasons[sport]?.[mark] ?? hiddenReasons._shared?.[mark];
