import pageMessages from '../../../generated/messages/developers';
import { pageCatalogue } from '../../i18n/pageCatalogue';

/** The site's catalogue with the developers' pages' own prose. */
export const developersMessages = pageCatalogue(pageMessages);
