import internalMessages from '../../generated/messages/internal';
import { pageMessages } from '../i18n/PageMessages';

/**
 * The operators' pages (internal/medal, its import) with their own messages: out of the catalogue
 * every spectator's page loads before it hydrates.
 */
export const InternalMessages = pageMessages(internalMessages);
