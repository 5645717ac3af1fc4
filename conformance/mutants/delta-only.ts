// FC-REDACT-MANDATORY-1, FC-SCAN-1, FC-STAGE5-3 (mutants): faults that must be killed at the delta-only level too.
import firstCharacters from "./first-40000-characters-redacted.ts";
import ignoredBudget from "./ignored-budget.ts";
import redactionBypass from "./redaction-bypass.ts";
import { atDeltaLevel, type MutantModule } from "./support.ts";

export const deltaOnlyMutants: MutantModule[] = [
  atDeltaLevel(redactionBypass, "secrets go straight into the Delta"),
  atDeltaLevel(ignoredBudget, "the Delta is packed as if the budget were unlimited"),
  atDeltaLevel(firstCharacters, "only the first 40,000 characters of the request's text are redacted"),
];
