import developersCatalogue from '../../../generated/messages/developers';
import { pageMessages } from '../../i18n/PageMessages';

/** The developers' pages with their own prose (the `developers.` messages, a chunk of theirs). */
export const DevelopersMessages = pageMessages(developersCatalogue);
