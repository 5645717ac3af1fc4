// FC-POLICY-DECIDE-1..6, FC-POLICY-BOUNDARY-1..2: the pure decide(state, config) and the policy.decide document.
import { err, ok, type Result } from "../errors.ts";
import {
  capacityHolds,
  capacityThreshold,
  DEFAULT_MAX_CONTEXT_TOKENS,
  type Projection,
  projectionHolds,
} from "./capacity.ts";
import {
  DEFAULT_MIN_TURNS_SINCE_COMPACTION,
  evaluateGuards,
  GUARDS,
  type Guard,
  type GuardName,
  type GuardOutcome,
} from "./guards.ts";
import { has, isBasisPoints, isCount, isMillis, isObject, type JsonObject, unknownMember } from "./shape.ts";
import { effectiveUsage, stepAutomatic } from "./trigger.ts";
import { type PolicyInput, POLICY_RULES, type PolicyRule, validatePolicy } from "./validate.ts";

export type TriggerName = "automatic" | "capacity" | "projection" | "round";
/** FC-POLICY-DECIDE-2: when several triggers hold, the first of this order is reported as `trigger`. */
export const TRIGGER_ORDER: readonly TriggerName[] = ["automatic", "capacity", "projection", "round"];

export type BoundaryKind = "turn" | "stage" | "round" | "mid-stage";

export interface DecideConfig {
  policy: PolicyInput;
  window: number;
  waterLevel: number;
  maxContextTokens: number;
  minTurnsSinceCompaction: number;
  minIntervalMs: number;
  enabled: boolean;
}

export interface DecideState {
  armed: boolean;
  boundary: { kind: BoundaryKind; persisted: boolean; round: number | null };
  usage: { counted: number; reported: number | undefined };
  turnsSinceCompaction: number | null;
  nowMs: number | undefined;
  lastCompactionAtMs: number | null;
  modelAvailable: boolean;
  circuitBreakerOpen: boolean;
  compactionInProgress: boolean;
  requestFingerprint: string | undefined;
  submittedFingerprints: readonly string[];
  projection: Projection | undefined;
}

export type DecisionReason = "triggered" | "no_trigger" | "not_clean_boundary" | GuardName;

export interface Decision {
  action: "compact" | "keep";
  trigger: TriggerName | null;
  triggers: TriggerName[];
  guard: { outcome: GuardOutcome; name: GuardName | null };
  reason: DecisionReason;
  /** Hysteresis state after this decision; feed it back as the next state's `armed`. */
  armed: boolean;
  capacityThreshold: number;
}

/** The replaceable parts of the engine (a deliberately broken variant swaps one of them). */
export interface DecideParts {
  stepAutomatic: typeof stepAutomatic;
  capacityThreshold: typeof capacityThreshold;
  capacityHolds: typeof capacityHolds;
  projectionHolds: typeof projectionHolds;
  guards: readonly Guard[];
  policyRules: readonly PolicyRule[];
}

export const DEFAULT_PARTS: DecideParts = {
  stepAutomatic,
  capacityThreshold,
  capacityHolds,
  projectionHolds,
  guards: GUARDS,
  policyRules: POLICY_RULES,
};

/** FC-POLICY-BOUNDARY-1: a stage or round boundary is clean only once its state is persisted. */
function boundaryClass(b: DecideState["boundary"]): "none" | "turn" | "clean" {
  if (b.kind === "mid-stage") return "none";
  if (b.kind === "turn") return "turn";
  return b.persisted ? "clean" : "none";
}

/** FC-POLICY-DECIDE-1: pure and deterministic; no clock, no randomness, no I/O. */
export function decide(
  state: DecideState,
  config: DecideConfig,
  parts: DecideParts = DEFAULT_PARTS,
): Decision {
  const { policy, capability } = config.policy;
  const threshold = parts.capacityThreshold(config.window, config.waterLevel, config.maxContextTokens);
  const where = boundaryClass(state.boundary);
  const auto = parts.stepAutomatic({
    policy,
    armed: state.armed,
    usage: effectiveUsage(state.usage.counted, policy, capability),
    window: config.window,
    eligible: where !== "none",
  });
  const base = { armed: auto.armed, capacityThreshold: threshold };
  if (where === "none") {
    return {
      action: "keep",
      trigger: null,
      triggers: [],
      guard: notEvaluated,
      reason: "not_clean_boundary",
      ...base,
    };
  }
  const holding: Record<TriggerName, boolean> = {
    automatic: auto.fired,
    capacity: where === "clean" && parts.capacityHolds(state.usage.reported, threshold),
    projection:
      where === "clean" && parts.projectionHolds(state.usage.reported, state.projection, config.window),
    round: where === "clean" && state.boundary.kind === "round" && (state.boundary.round ?? 0) >= 2,
  };
  const triggers = TRIGGER_ORDER.filter((t) => holding[t]);
  const trigger = triggers[0] ?? null;
  if (trigger === null) {
    return { action: "keep", trigger, triggers, guard: notEvaluated, reason: "no_trigger", ...base };
  }
  const guard = evaluateGuardsWith(state, config, parts.guards);
  if (guard.outcome === "passed") {
    return { action: "compact", trigger, triggers, guard, reason: "triggered", ...base };
  }
  return { action: "keep", trigger, triggers, guard, reason: guard.name, ...base };
}

const notEvaluated = { outcome: "not_evaluated", name: null } as const;

function evaluateGuardsWith(state: DecideState, config: DecideConfig, guards: readonly Guard[]) {
  return evaluateGuards(
    {
      enabled: config.enabled,
      modelAvailable: state.modelAvailable,
      circuitBreakerOpen: state.circuitBreakerOpen,
      compactionInProgress: state.compactionInProgress,
      requestFingerprint: state.requestFingerprint,
      submittedFingerprints: state.submittedFingerprints,
      turnsSinceCompaction: state.turnsSinceCompaction,
      minTurnsSinceCompaction: config.minTurnsSinceCompaction,
      nowMs: state.nowMs,
      lastCompactionAtMs: state.lastCompactionAtMs,
      minIntervalMs: config.minIntervalMs,
    },
    guards,
  );
}

/** FC-POLICY-DECIDE-3: a sequence of states; only `armed` is carried from one decision to the next. */
export function decideSequence(
  first: boolean,
  states: readonly Omit<DecideState, "armed">[],
  config: DecideConfig,
  parts: DecideParts = DEFAULT_PARTS,
): Decision[] {
  let armed = first;
  return states.map((s) => {
    const d = decide({ ...s, armed }, config, parts);
    armed = d.armed;
    return d;
  });
}

// ---- the policy.decide document (FC-POLICY-DECIDE-3, -4) ----

export const DECIDE_MEMBERS = ["config", "state", "observations"] as const;
export const MAX_OBSERVATIONS = 10_000;

const badConfig = (field: string, message: string) => err("INVALID_POLICY", message, { field });
const badState = (field: string, path: string, message: string) =>
  err("INVALID_STATE", message, { field, path });

export function parseConfig(doc: JsonObject, policy: PolicyInput): Result<DecideConfig> {
  if (!has(doc, "config")) return badConfig("config", "the member 'config' is missing");
  const c = doc.config;
  if (!isObject(c)) return badConfig("config", "'config' must be a JSON object");
  const members = [
    "window",
    "waterLevel",
    "maxContextTokens",
    "minTurnsSinceCompaction",
    "minIntervalMs",
    "enabled",
  ];
  if (unknownMember(c, members) !== undefined) {
    return badConfig("config", `'config' has an unknown member; allowed: ${members.join(", ")}`);
  }
  if (!has(c, "window")) return badConfig("window", "'config.window' is missing");
  if (!isCount(c.window) || c.window === 0)
    return badConfig("window", "'config.window' must be a positive token count");
  if (!has(c, "waterLevel")) return badConfig("waterLevel", "'config.waterLevel' is missing");
  if (!isBasisPoints(c.waterLevel) || c.waterLevel === 0) {
    return badConfig("waterLevel", "'config.waterLevel' must be basis points in 1..10000");
  }
  const optional = (name: string, check: (v: unknown) => boolean, dflt: unknown, expected: string) =>
    !has(c, name)
      ? ok(dflt)
      : check(c[name])
        ? ok(c[name])
        : badConfig(name, `'config.${name}' must be ${expected}`);
  const cap = optional(
    "maxContextTokens",
    (v) => isCount(v),
    DEFAULT_MAX_CONTEXT_TOKENS,
    "a token count (0 = no cap)",
  );
  if (!cap.ok) return cap;
  const turns = optional(
    "minTurnsSinceCompaction",
    (v) => isCount(v),
    DEFAULT_MIN_TURNS_SINCE_COMPACTION,
    "a count",
  );
  if (!turns.ok) return turns;
  const interval = optional("minIntervalMs", isMillis, 0, "a non-negative integer number of milliseconds");
  if (!interval.ok) return interval;
  const enabled = optional("enabled", (v) => typeof v === "boolean", true, "a boolean");
  if (!enabled.ok) return enabled;
  return ok({
    policy,
    window: c.window,
    waterLevel: c.waterLevel,
    maxContextTokens: cap.value as number,
    minTurnsSinceCompaction: turns.value as number,
    minIntervalMs: interval.value as number,
    enabled: enabled.value as boolean,
  });
}

const STATE_MEMBERS = [
  "armed",
  "boundary",
  "usage",
  "turnsSinceCompaction",
  "nowMs",
  "lastCompactionAtMs",
  "modelAvailable",
  "circuitBreakerOpen",
  "compactionInProgress",
  "requestFingerprint",
  "submittedFingerprints",
  "projection",
];
const BOUNDARY_KINDS: readonly BoundaryKind[] = ["turn", "stage", "round", "mid-stage"];

/** Parses one state (without `armed`, which the caller handles); `at` is the JSON pointer of the state. */
export function parseState(s: unknown, at: string): Result<Omit<DecideState, "armed">> {
  if (!isObject(s)) return badState("state", at, "a state must be a JSON object");
  if (unknownMember(s, STATE_MEMBERS) !== undefined) {
    return badState("state", at, `a state has an unknown member; allowed: ${STATE_MEMBERS.join(", ")}`);
  }
  const b = s.boundary;
  if (!isObject(b))
    return badState("boundary", `${at}/boundary`, "'boundary' must be an object {kind, persisted, round}");
  if (
    unknownMember(b, ["kind", "persisted", "round"]) !== undefined ||
    !BOUNDARY_KINDS.includes(b.kind as BoundaryKind)
  ) {
    return badState("boundary", `${at}/boundary`, "'boundary.kind' must be turn, stage, round or mid-stage");
  }
  const kind = b.kind as BoundaryKind;
  const clean = kind === "stage" || kind === "round";
  if (clean ? typeof b.persisted !== "boolean" : has(b, "persisted") && typeof b.persisted !== "boolean") {
    return badState(
      "boundary",
      `${at}/boundary/persisted`,
      "'boundary.persisted' (boolean) is required at stage and round boundaries",
    );
  }
  if (kind === "round" ? !isCount(b.round) || b.round === 0 : has(b, "round")) {
    return badState(
      "boundary",
      `${at}/boundary/round`,
      "'boundary.round' (a round number from 1) is required at, and only at, round boundaries",
    );
  }
  const u = s.usage;
  if (!isObject(u) || unknownMember(u, ["counted", "reported"]) !== undefined) {
    return badState("usage", `${at}/usage`, "'usage' must be an object {counted, reported?}");
  }
  if (!isCount(u.counted))
    return badState("usage", `${at}/usage/counted`, "'usage.counted' must be a token count");
  if (has(u, "reported") && !isCount(u.reported)) {
    return badState("usage", `${at}/usage/reported`, "'usage.reported' must be a token count when present");
  }
  const nullableCount = (name: string, check: (v: unknown) => boolean) =>
    !has(s, name) || s[name] === null || check(s[name]);
  if (!nullableCount("turnsSinceCompaction", (v) => isCount(v))) {
    return badState(
      "turnsSinceCompaction",
      `${at}/turnsSinceCompaction`,
      "'turnsSinceCompaction' must be a count or null",
    );
  }
  if (!nullableCount("lastCompactionAtMs", isMillis)) {
    return badState(
      "lastCompactionAtMs",
      `${at}/lastCompactionAtMs`,
      "'lastCompactionAtMs' must be milliseconds or null",
    );
  }
  const last = typeof s.lastCompactionAtMs === "number" ? s.lastCompactionAtMs : null;
  if (has(s, "nowMs") ? !isMillis(s.nowMs) : last !== null) {
    return badState(
      "nowMs",
      `${at}/nowMs`,
      "'nowMs' must be milliseconds; it is required when 'lastCompactionAtMs' is set",
    );
  }
  if (last !== null && (s.nowMs as number) < last) {
    return badState("nowMs", `${at}/nowMs`, "'nowMs' must not be earlier than 'lastCompactionAtMs'");
  }
  for (const flag of ["modelAvailable", "circuitBreakerOpen", "compactionInProgress"]) {
    if (has(s, flag) && typeof s[flag] !== "boolean")
      return badState(flag, `${at}/${flag}`, `'${flag}' must be a boolean`);
  }
  if (has(s, "requestFingerprint") && typeof s.requestFingerprint !== "string") {
    return badState(
      "requestFingerprint",
      `${at}/requestFingerprint`,
      "'requestFingerprint' must be a string",
    );
  }
  const fps = s.submittedFingerprints;
  if (fps !== undefined && !(Array.isArray(fps) && fps.every((f) => typeof f === "string"))) {
    return badState(
      "submittedFingerprints",
      `${at}/submittedFingerprints`,
      "'submittedFingerprints' must be an array of strings",
    );
  }
  const p = s.projection;
  if (
    p !== undefined &&
    !(
      isObject(p) &&
      unknownMember(p, ["remainingStages", "growthPerStage"]) === undefined &&
      isCount(p.remainingStages) &&
      isCount(p.growthPerStage)
    )
  ) {
    return badState(
      "projection",
      `${at}/projection`,
      "'projection' must be {remainingStages, growthPerStage}, both counts",
    );
  }
  return ok({
    boundary: { kind, persisted: b.persisted === true, round: kind === "round" ? (b.round as number) : null },
    usage: { counted: u.counted, reported: has(u, "reported") ? (u.reported as number) : undefined },
    turnsSinceCompaction: typeof s.turnsSinceCompaction === "number" ? s.turnsSinceCompaction : null,
    nowMs: typeof s.nowMs === "number" ? s.nowMs : undefined,
    lastCompactionAtMs: last,
    modelAvailable: s.modelAvailable !== false,
    circuitBreakerOpen: s.circuitBreakerOpen === true,
    compactionInProgress: s.compactionInProgress === true,
    requestFingerprint: typeof s.requestFingerprint === "string" ? s.requestFingerprint : undefined,
    submittedFingerprints: (fps as string[] | undefined) ?? [],
    projection: p === undefined ? undefined : (p as unknown as Projection),
  });
}

export type DecideOutput = Decision | { decisions: Decision[] };

/** FC-POLICY-DECIDE-3, -4: the whole policy.decide document → one decision or a sequence of decisions. */
export function decideDocument(doc: unknown, parts: DecideParts = DEFAULT_PARTS): Result<DecideOutput> {
  const policy = validatePolicy(doc, parts.policyRules, DECIDE_MEMBERS);
  if (!policy.ok) return policy;
  const d = doc as JsonObject;
  const config = parseConfig(d, policy.value);
  if (!config.ok) return config;
  if (!has(d, "state")) return badState("state", "/state", "the member 'state' is missing");
  const base = d.state;
  if (!isObject(base)) return badState("state", "/state", "'state' must be a JSON object");
  if (typeof base.armed !== "boolean")
    return badState("armed", "/state/armed", "'state.armed' (boolean) is required");
  if (!has(d, "observations")) {
    const one = parseState(withoutArmed(base), "/state");
    return one.ok ? ok(decide({ ...one.value, armed: base.armed }, config.value, parts)) : one;
  }
  const obs = d.observations;
  if (!Array.isArray(obs) || obs.length === 0 || obs.length > MAX_OBSERVATIONS) {
    return badState(
      "observations",
      "/observations",
      `'observations' must be an array of 1..${MAX_OBSERVATIONS} objects`,
    );
  }
  const states: Omit<DecideState, "armed">[] = [];
  for (const [i, o] of obs.entries()) {
    const at = `/observations/${i}`;
    if (!isObject(o)) return badState("observations", at, "every observation must be a JSON object");
    if (has(o, "armed"))
      return badState("armed", `${at}/armed`, "'armed' is carried between observations, not given");
    const one = parseState({ ...withoutArmed(base), ...o }, at);
    if (!one.ok) return one;
    states.push(one.value);
  }
  return ok({ decisions: decideSequence(base.armed, states, config.value, parts) });
}

function withoutArmed(s: JsonObject): JsonObject {
  const { armed: _armed, ...rest } = s;
  return rest;
}
