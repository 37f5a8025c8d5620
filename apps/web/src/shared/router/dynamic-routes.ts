/**
 * Reset hooks of the routes added at run time (the console's server-provided menu routes,
 * SPEC.md §4). The console registers its reset here; the session calls them on logout.
 */
const resets = new Set<() => void>();

export function onDynamicRoutesReset(reset: () => void): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

export function resetDynamicRoutes(): void {
  for (const reset of [...resets]) reset();
}
