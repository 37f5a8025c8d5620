/**
 * Small typed access to localStorage. Strings are stored raw (so `language` reads `es`, not
 * `"es"`), everything else as JSON. Unreadable or invalid values fall back to the default:
 * storage is user-editable and must never break start-up.
 */
export function readString<T extends string>(key: string, fallback: T, allowed?: readonly T[]): T {
  const value = safeGet(key);
  if (value === null) return fallback;
  if (allowed && !(allowed as readonly string[]).includes(value)) return fallback;
  return value as T;
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  const value = safeGet(key);
  if (value === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isValid(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeString(key: string, value: string): void {
  safeSet(key, value);
}

export function writeJson(key: string, value: unknown): void {
  safeSet(key, JSON.stringify(value));
}

export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled (private mode, quota): the in-memory state still works.
  }
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage disabled (private mode, quota): the in-memory state still works.
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
