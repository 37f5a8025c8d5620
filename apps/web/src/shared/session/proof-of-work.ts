import { accountsRoutes } from '@linkstore/contract';
import { solveChallenge } from 'altcha-lib/v1';
import { create } from 'zustand';
import { callRoute } from '../http/call-route';

interface TProofOfWorkState {
  /** True while this browser solves a challenge ("Checking your browser…"). */
  isChecking: boolean;
}

export const useProofOfWork = create<TProofOfWorkState>()(() => ({ isChecking: false }));

/**
 * Asks the server for a proof-of-work challenge (ALTCHA) and solves it here, a few hundred
 * milliseconds of hashing: the `altcha` value a sign-in sends when it answered A0243.
 */
export async function solveProofOfWork(): Promise<string> {
  useProofOfWork.setState({ isChecking: true });
  try {
    const challenge = await callRoute(
      accountsRoutes.challenge,
      {},
      { isAuthenticated: false, isQuiet: true },
    );
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    if (!solution) throw new Error('The proof-of-work challenge has no solution');
    const payload = { ...challenge, number: solution.number };
    return btoa(JSON.stringify(payload));
  } finally {
    useProofOfWork.setState({ isChecking: false });
  }
}
