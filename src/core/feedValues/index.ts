export { ReadRecord } from './readRecord';
export {
  feedValues,
  isCodedItem,
  isElement,
  CODED_ITEM_NAMING,
  NAME_ATTRIBUTES,
  type Element,
  type FeedValue,
  type WalkOptions,
} from './walk';
export { feedValueLabel, hiddenBy, unreadValues, type HiddenMark } from './unread';
