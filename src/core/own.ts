/**
 * `record[key]` when `key` is the record's own property, else undefined. For keys that come from a
 * URL or a feed: `constructor`, `toString` or `__proto__` must not find Object.prototype's members.
 */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
