// FC-CERT-11: the deliberately broken implementations (and harmless variants) that measure the suite's strength.
import absolutePaths from "./absolute-paths.ts";
import collidingIdsMerged from "./colliding-ids-merged.ts";
import crashOnControlCharacters from "./crash-on-control-characters.ts";
import duplicateConstraints from "./duplicate-constraints.ts";
import encodedTokensNotDecoded from "./encoded-tokens-not-decoded.ts";
import errorsEchoInput from "./errors-echo-input.ts";
import extraReplyMembers from "./extra-reply-members.ts";
import { deltaOnlyMutants } from "./delta-only.ts";
import falseRenderedTokens from "./false-rendered-tokens.ts";
import first40000CharactersRedacted from "./first-40000-characters-redacted.ts";
import guardRejectsInsteadOfDeferring from "./guard-rejects-instead-of-deferring.ts";
import hangOnLongText from "./hang-on-long-text.ts";
import hysteresisRemoved from "./hysteresis-removed.ts";
import ibanCheckSkipped from "./iban-check-skipped.ts";
import ignoredBudget from "./ignored-budget.ts";
import leakScanCrashesOnJwtPrefix from "./leak-scan-crashes-on-jwt-prefix.ts";
import leakScanCardsWithoutLuhn from "./leak-scan-cards-without-luhn.ts";
import leakScanFlagsAnyBegin from "./leak-scan-flags-any-begin.ts";
import leakScanReadsPastTheBodyAlphabet from "./leak-scan-reads-past-the-body-alphabet.ts";
import missingTombstones from "./missing-tombstones.ts";
import noisySlowStart from "./noisy-slow-start.ts";
import notesIgnored from "./notes-ignored.ts";
import offByOneAttempt from "./off-by-one-attempt.ts";
import otherKeyOrder from "./other-key-order.ts";
import overwrittenRangesIgnored from "./overwritten-ranges-ignored.ts";
import placeholderStopsRedaction from "./placeholder-stops-redaction.ts";
import providerRowDropped from "./provider-row-dropped.ts";
import redactionBypass from "./redaction-bypass.ts";
import resolvedFindingsReturn from "./resolved-findings-return.ts";
import reversedRanking from "./reversed-ranking.ts";
import severityIgnored from "./severity-ignored.ts";
import silentTruncation from "./silent-truncation.ts";
import stallNeverDetected from "./stall-never-detected.ts";
import type { MutantModule } from "./support.ts";
import swallowedErrors from "./swallowed-errors.ts";
import unstableOrder from "./unstable-order.ts";
import wallClockTimestamps from "./wall-clock-timestamps.ts";

export type { MutantModule };

export const mutants: MutantModule[] = [
  wallClockTimestamps,
  ignoredBudget,
  silentTruncation,
  redactionBypass,
  reversedRanking,
  resolvedFindingsReturn,
  swallowedErrors,
  absolutePaths,
  unstableOrder,
  offByOneAttempt,
  hangOnLongText,
  crashOnControlCharacters,
  missingTombstones,
  falseRenderedTokens,
  collidingIdsMerged,
  notesIgnored,
  overwrittenRangesIgnored,
  severityIgnored,
  stallNeverDetected,
  errorsEchoInput,
  duplicateConstraints,
  hysteresisRemoved,
  guardRejectsInsteadOfDeferring,
  noisySlowStart,
  otherKeyOrder,
  extraReplyMembers,
  ibanCheckSkipped,
  encodedTokensNotDecoded,
  providerRowDropped,
  leakScanCardsWithoutLuhn,
  leakScanFlagsAnyBegin,
  leakScanCrashesOnJwtPrefix,
  first40000CharactersRedacted,
  leakScanReadsPastTheBodyAlphabet,
  placeholderStopsRedaction,
  ...deltaOnlyMutants,
];
