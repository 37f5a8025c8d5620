/**
 * The settings of this process, key → value, read synchronously by the rest of the app as
 * `app.configValues.get(key)`. Loaded at start, reloaded after every write made through this
 * process and on `PUT /config/refresh` (which another process's writes need).
 */
export interface ConfigValues {
  get(key: string): string | undefined;
  reload(): Promise<void>;
}

export function createConfigValues(load: () => Promise<{ key: string; value: string }[]>): ConfigValues {
  let values = new Map<string, string>();
  let started = 0;
  let applied = 0;
  return {
    get: (key) => values.get(key),
    async reload() {
      const generation = ++started;
      const rows = await load();
      // Two reloads at once: a slower, older read must not replace a newer one.
      if (generation < applied) return;
      applied = generation;
      values = new Map(rows.map((row) => [row.key, row.value]));
    },
  };
}
