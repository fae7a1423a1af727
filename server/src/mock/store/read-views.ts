/** Freezes `value` and everything it holds, so a view shared by many requests cannot be changed by one. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The views of a sandbox that only serves reads (the registry's copy of one stored version: a write
 * works on a fresh copy), rendered once and shared, frozen, by every request that reads that
 * version. A list of projects renders every latest build (ISO dates, stages, artifacts): on a busy
 * demo that was a tenth of the mock's time per request. A key names the view and whatever else it
 * depends on; the oldest key goes when there are `maxViews`.
 */
export class ReadViews {
  private readonly views = new Map<string, unknown>();

  constructor(private readonly maxViews = 32) {}

  get<T>(key: string, render: () => T): T {
    if (this.views.has(key)) return this.views.get(key) as T;
    const view = deepFreeze(render());
    if (this.views.size >= this.maxViews) this.views.delete(this.views.keys().next().value!);
    this.views.set(key, view);
    return view;
  }
}
