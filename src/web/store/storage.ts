/**
 * Local storage that never breaks the site: reading corrupt or missing data gives the fallback,
 * writing to a full or forbidden storage is dropped (and said once in the console).
 */
export interface SafeStorage {
  read<T>(key: string, fallback: T, accept?: (value: unknown) => value is T): T;
  write(key: string, value: unknown): boolean;
  readText(key: string): string | undefined;
  writeText(key: string, value: string): boolean;
}

export function safeStorage(get: () => Storage | undefined): SafeStorage {
  const storage = (): Storage | undefined => {
    try {
      return get();
    } catch {
      return undefined; // access itself may throw (privacy settings, sandboxed frames)
    }
  };
  const readText = (key: string): string | undefined => {
    try {
      return storage()?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const writeText = (key: string, value: string): boolean => {
    try {
      const s = storage();
      if (!s) return false;
      s.setItem(key, value);
      return true;
    } catch {
      return false; // full (QuotaExceededError) or forbidden: the site goes on without persisting
    }
  };
  return {
    readText,
    writeText,
    read<T>(key: string, fallback: T, accept?: (value: unknown) => value is T): T {
      const text = readText(key);
      if (text === undefined) return fallback;
      try {
        const value: unknown = JSON.parse(text);
        return accept && !accept(value) ? fallback : (value as T);
      } catch {
        return fallback;
      }
    },
    write(key: string, value: unknown): boolean {
      return writeText(key, JSON.stringify(value));
    },
  };
}
