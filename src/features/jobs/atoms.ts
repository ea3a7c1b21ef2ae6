// Tells the jobs panel that a job has just been started, so it fetches at once and follows it.
import { atom } from 'jotai';

const jobsStartedBaseAtom = atom(0);

/** Changes each time a screen starts a job. */
export const jobsStartedAtom = atom((get) => get(jobsStartedBaseAtom));

export const noteJobStartedAtom = atom(null, (get, set) => set(jobsStartedBaseAtom, get(jobsStartedBaseAtom) + 1));
