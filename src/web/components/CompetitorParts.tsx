import { FormattedMessage } from '../i18n/intl';

/** ODF gender codes: M men, W (or F) women, X mixed; a team's is its event's. */
const ATHLETE_GENDER: Readonly<Record<string, string>> = {
  M: 'competitor.male',
  W: 'competitor.female',
  F: 'competitor.female',
};
const TEAM_GENDER: Readonly<Record<string, string>> = {
  M: 'competitor.men',
  W: 'competitor.women',
  F: 'competitor.women',
  X: 'competitor.mixed',
};

/** A gender code in words; an unknown code is shown as it came. */
export function GenderText({ gender, team = false }: { gender: string | undefined; team?: boolean }) {
  if (!gender) return null;
  const id = (team ? TEAM_GENDER : ATHLETE_GENDER)[gender];
  return id ? <FormattedMessage id={id} /> : <>{gender}</>;
}
