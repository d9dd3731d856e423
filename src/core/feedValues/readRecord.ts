/**
 * What a computation read of a document: the document is handed to it behind a proxy that notes
 * every property read, on every object reached. Run a plugin's projection on it, and the record
 * says which of the feed's values the plugin reads; the rest are what a page would otherwise drop.
 */
export class ReadRecord {
  private readonly read = new WeakMap<object, Set<string>>();
  private readonly proxies = new WeakMap<object, object>();
  private readonly originals = new WeakMap<object, object>();

  /** Reads of `copy` (a shallow copy made to run on less) count as reads of `original`. */
  alias(copy: object, original: object): void {
    this.originals.set(copy, original);
  }

  /** The value behind a recording proxy (objects and arrays; scalars as they are). */
  wrap<T>(value: T): T {
    if (typeof value !== 'object' || value === null) return value;
    const known = this.proxies.get(value);
    if (known) return known as T;
    const proxy = new Proxy(value, {
      get: (target, key, receiver) => {
        const found: unknown = Reflect.get(target, key, receiver);
        if (typeof key !== 'string') return found;
        this.note(target, key);
        return this.wrap(found);
      },
    });
    this.proxies.set(value, proxy);
    return proxy as T;
  }

  /** Marks a property as read (a caller that reads without the proxy may say so). */
  note(node: object, key: string): void {
    const original = this.originals.get(node) ?? node;
    let keys = this.read.get(original);
    if (!keys) this.read.set(original, (keys = new Set()));
    keys.add(key);
  }

  /** Whether the computation read `key` of `node` (the object as it is, not its proxy). */
  has(node: object, key: string): boolean {
    return this.read.get(node)?.has(key) ?? false;
  }
}
