/**
 * Values by key, each key registered once: what the areas hand each other through the app
 * (core/context.ts, `AppRegistry`).
 */
/** Values by key, each key registered once; asking for a key nobody registered is an error. */
export class Registry<K extends string, V> {
  readonly #entries = new Map<K, V>();

  /** @param kind what the values are, for the errors (e.g. 导出类型). */
  constructor(readonly kind: string) {}

  /** Registers `key` once: a second registration of it is a mistake in the app's composition. */
  add(key: K, value: V): void {
    if (this.#entries.has(key)) throw new Error(`${this.kind} "${key}" 重复注册`);
    this.#entries.set(key, value);
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value of `key`; an unregistered key is a programming error (the caller checked the input). */
  require(key: K): V {
    const value = this.#entries.get(key);
    if (value === undefined) throw new Error(`${this.kind} "${key}" 未注册`);
    return value;
  }

  keys(): K[] {
    return [...this.#entries.keys()];
  }

  values(): V[] {
    return [...this.#entries.values()];
  }
}
