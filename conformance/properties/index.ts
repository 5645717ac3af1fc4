// FC-CERT-5: the property-based checks the certify runner runs through the protocol, in a stable order.
import type { PropertyCheck } from "../iut.ts";
import { attemptFollowsTheLastRound } from "./attempt.ts";
import { boundedSize } from "./bounded-size.ts";
import { canariesBehindTriggers } from "./canaries-behind-triggers.ts";
import { causeAccounting } from "./cause-accounting.ts";
import { determinism } from "./determinism.ts";
import { noSecretLeakage } from "./no-secret-leakage.ts";
import { noopStability } from "./noop-stability.ts";
import { reorderInvariance } from "./reorder-invariance.ts";
import { schemaValidity } from "./schema-validity.ts";
import { validRequestsAccepted } from "./valid-requests-accepted.ts";

export const properties: PropertyCheck[] = [
  validRequestsAccepted,
  determinism,
  noopStability,
  boundedSize,
  noSecretLeakage,
  canariesBehindTriggers,
  schemaValidity,
  causeAccounting,
  reorderInvariance,
  attemptFollowsTheLastRound,
];
