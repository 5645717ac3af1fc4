// The same `npm test` every time: every fast-check property in the unit tests runs from one fixed, printed seed.
// `FC_SEED=N` replays a seed; `npm run test:explore` draws new ones (scripts/explore.ts).
import fc from "fast-check";

export const DEFAULT_TEST_SEED = 20261201;
const seed = process.env.FC_SEED === undefined ? DEFAULT_TEST_SEED : Number(process.env.FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got '${process.env.FC_SEED}'`);
const numRuns = process.env.FC_NUM_RUNS === undefined ? undefined : Number(process.env.FC_NUM_RUNS);
fc.configureGlobal({ seed, ...(numRuns ? { numRuns } : {}) });
