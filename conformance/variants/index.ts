// FC-CERT-11, SPEC.md §0: the legal variants — each departs from the reference only where the design leaves the choice
// open, so each must pass the required profile (a rejection is a false alarm of the suite).
import allAtOnce from "./all-at-once.ts";
import cautiousRedactor from "./cautious-redactor.ts";
import constraintsInOtherWords from "./constraints-in-other-words.ts";
import deltaOnly from "./delta-only.ts";
import dotSlashPaths from "./dot-slash-paths.ts";
import failClosedOnSecretsInRulesAndPaths from "./fail-closed-on-secrets-in-rules-and-paths.ts";
import lenientRequestReader from "./lenient-request-reader.ts";
import otherCauseCap from "./other-cause-cap.ts";
import otherConfidence from "./other-confidence.ts";
import otherConstraintOrder from "./other-constraint-order.ts";
import otherDefaultBudget from "./other-default-budget.ts";
import otherIdHash from "./other-id-hash.ts";
import otherLimits from "./other-limits.ts";
import otherLogOrder from "./other-log-order.ts";
import otherNotesRule from "./other-notes-rule.ts";
import otherOpaqueIds from "./other-opaque-ids.ts";
import otherWeights from "./other-weights.ts";
import otherWording from "./other-wording.ts";
import overMaskingCookieValues from "./over-masking-cookie-values.ts";
import refInTheEnvelope from "./ref-in-the-envelope.ts";
import reversedTies from "./reversed-ties.ts";
import type { VariantModule } from "./support.ts";

export type { VariantModule };

export const variants: VariantModule[] = [
  otherIdHash,
  otherOpaqueIds,
  otherWording,
  otherConfidence,
  otherLimits,
  otherWeights,
  otherConstraintOrder,
  otherLogOrder,
  otherNotesRule,
  otherDefaultBudget,
  otherCauseCap,
  deltaOnly,
  allAtOnce,
  cautiousRedactor,
  lenientRequestReader,
  constraintsInOtherWords,
  failClosedOnSecretsInRulesAndPaths,
  overMaskingCookieValues,
  refInTheEnvelope,
  dotSlashPaths,
  reversedTies,
];
