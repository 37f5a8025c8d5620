import { accountsRoutes } from '@linkstore/contract';
import { solveChallenge } from 'altcha-lib/v1';
import { create } from 'zustand';
import { callRoute } from '../http/call-route';

interface TProofOfWorkState {
  /** True while this browser solves a challenge ("Checking your browser…"). */
  isChecking: boolean;
  /** The share of the challenge's numbers tried so far, 0 to 1 (the solution may come sooner). */
  progress: number;
}

export const useProofOfWork = create<TProofOfWorkState>()(() => ({ isChecking: false, progress: 0 }));

/** The search goes in this many slices, so the page can show how far it got between them. */
const SLICES = 20;

/**
 * Asks the server for a proof-of-work challenge (ALTCHA) and solves it here, a few hundred
 * milliseconds of hashing: the `altcha` value a sign-in sends when it answered A0243. It searches
 * in slices and records how far it got (`progress`), so a slow device shows it is moving.
 */
export async function solveProofOfWork(): Promise<string> {
  useProofOfWork.setState({ isChecking: true, progress: 0 });
  try {
    const challenge = await callRoute(
      accountsRoutes.challenge,
      {},
      { isAuthenticated: false, isQuiet: true },
    );
    const max = challenge.maxnumber;
    const slice = Math.max(1, Math.ceil((max + 1) / SLICES));
    for (let start = 0; start <= max; start += slice) {
      const solution = await solveChallenge(
        challenge.challenge,
        challenge.salt,
        challenge.algorithm,
        Math.min(max, start + slice - 1),
        start,
      ).promise;
      if (solution) return btoa(JSON.stringify({ ...challenge, number: solution.number }));
      useProofOfWork.setState({ progress: Math.min(1, (start + slice) / (max + 1)) });
      // Let the page paint how far it got before the next slice.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    throw new Error('The proof-of-work challenge has no solution');
  } finally {
    useProofOfWork.setState({ isChecking: false, progress: 0 });
  }
}
