import { useState } from 'react';

/** Whether the add/edit dialog is open, and for what: `id` set means edit that record. */
export interface TFormModal<T> {
  isOpen: boolean;
  /** The record being edited; undefined when adding. */
  id: string | undefined;
  /** Values to start an added record with (e.g. the parent of "add child"). */
  defaults: Partial<T> | undefined;
  /** Counts the openings: each one starts the form afresh. */
  session: number;
  openCreate: (defaults?: Partial<T>) => void;
  openEdit: (id: string) => void;
  close: () => void;
}

/** State of a `FormModal`: open it to add (with defaults) or to edit a record by id. */
export function useFormModal<T>(): TFormModal<T> {
  const [state, setState] = useState<{
    isOpen: boolean;
    session: number;
    id?: string;
    defaults?: Partial<T>;
  }>({ isOpen: false, session: 0 });
  return {
    isOpen: state.isOpen,
    id: state.id,
    defaults: state.defaults,
    session: state.session,
    openCreate: (defaults) => setState(({ session }) => ({ isOpen: true, session: session + 1, defaults })),
    openEdit: (id) => setState(({ session }) => ({ isOpen: true, session: session + 1, id })),
    close: () => setState((current) => ({ ...current, isOpen: false })),
  };
}
