/**
 * Browser storage that may be blocked (private modes, disabled cookies): reads answer null and
 * writes are skipped instead of throwing into the page.
 */
export function readStorage(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Not kept: the choice holds for this page only.
  }
}

export function removeStorage(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Blocked: nothing was kept either.
  }
}
