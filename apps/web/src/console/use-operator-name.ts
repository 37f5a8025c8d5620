import { useUser } from '../shared/session/user-store';

/** The signed-in operator's name (nickname, else username, else email). */
export function useOperatorName(): string {
  const user = useUser((state) => state.info?.user);
  return user?.nickname || user?.username || user?.email || '';
}
