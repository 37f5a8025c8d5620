import { useState } from 'react';

/**
 * Which products have their variants open, in the studio's products list and price page: each
 * list of variants is read when opened (decision 0055), so a page of products reads none until asked.
 */
export function useOpenVariants(): { open: string[]; toggle: (id: string) => void } {
  const [open, setOpen] = useState<string[]>([]);
  const toggle = (id: string) =>
    setOpen((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  return { open, toggle };
}
