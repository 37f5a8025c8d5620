import type { ReactNode } from 'react';
import { usePerm, useRole, type TAccessValue } from './access';

interface TAccessGateProps {
  /** A permission (or role) string, or a list of which any one suffices. */
  value: TAccessValue;
  children?: ReactNode;
}

/**
 * The original console's `hasPerm` directive: renders its children only with the permission (or
 * role ROOT). Without it nothing is rendered — the element is absent, not hidden.
 */
export function HasPerm({ value, children }: TAccessGateProps) {
  const can = usePerm();
  return can(value) ? <>{children}</> : null;
}

/** Renders its children only when the user has one of the roles; absent otherwise. */
export function HasRole({ value, children }: TAccessGateProps) {
  const is = useRole();
  return is(value) ? <>{children}</> : null;
}
