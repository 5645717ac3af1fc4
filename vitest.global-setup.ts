// Prints the fast-check seed once per run, so a failure names the seed that replays it (vitest.setup.ts).
import { SOAKS, soaksRun } from "./vitest.config.ts";
import { DEFAULT_TEST_SEED } from "./vitest.setup.ts";

export default function setup(): void {
  const seed = process.env.FC_SEED ?? String(DEFAULT_TEST_SEED);
  process.stdout.write(
    `fast-check seed ${seed}${process.env.FC_SEED ? " (FC_SEED)" : " (fixed; FC_SEED=N to replay another, npm run test:explore for new ones)"}\n`,
  );
  if (!soaksRun) process.stdout.write(`soaks left out (CI=true runs them): ${SOAKS.join(", ")}\n`);
}
