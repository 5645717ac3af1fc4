// FC-STAGE4-1..3, FC-LOG-10: Stage 4 — integer relevance score, total tie-break order and the blocking flag.
import { a, at, type CaseDoc, f, kase, P, request, round } from "./dsl.ts";

export const rankingCases: CaseDoc[] = [
  kase("ranking", "recency-outranks-severity", {
    description:
      "N=3: an info cause last seen in round 3 outranks an error last seen in round 2 (FC-STAGE4-4).",
    requirements: ["FC-STAGE4-4"],
    request: request([
      round(1, "fail", [
        f("err", "tsc:TS2304", "Cannot find name 'a'."),
        f("inf", "lint:style", "prefer const", { severity: "info" }),
      ]),
      round(2, "fail", [f("err", "tsc:TS2304", "Cannot find name 'a'.")]),
      round(3, "fail", [f("inf", "lint:style", "prefer const", { severity: "info" })]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["inf", "err"]), a.proj(P.open, "rank", [1, 2])],
  }),
  kase("ranking", "fresh-outranks-severity", {
    description: "Among causes seen in the last round, a new info cause outranks an old error (FC-STAGE4-4).",
    requirements: ["FC-STAGE4-4"],
    request: request([
      round(1, "fail", [f("err", "tsc:TS2304", "Cannot find name 'a'.")]),
      round(2, "fail", [
        f("err", "tsc:TS2304", "Cannot find name 'a'."),
        f("inf", "lint:style", "prefer const", { severity: "info" }),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["inf", "err"])],
  }),
  kase("ranking", "fresh-means-first-observed-in-the-last-round", {
    description:
      "Two causes reported only in the last round: a warning the Verifier says it first observed in that round is fresh, an error it says it first observed in round 1 is not (firstSeen is the smallest firstObservedIn, FC-STAGE2-2), so the warning ranks first (FC-STAGE4-4): being reported once does not make a cause fresh.",
    requirements: ["FC-STAGE4-4", "FC-STAGE2-2", "FC-REQ-7"],
    request: request([
      round(3, "fail", [
        f("old", "tsc:TS2304", "Cannot find name 'a'.", { firstObservedIn: 1 }),
        f("new", "lint:style", "prefer const", { severity: "warning" }),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["new", "old"])],
  }),
  kase("ranking", "severity-orders-equally-recent-causes", {
    description: "Equally recent and fresh causes are ordered error, warning, info.",
    requirements: ["FC-STAGE4-4"],
    request: request([
      round(1, "fail", [
        f("i", "r", "m1", { severity: "info" }),
        f("e", "r", "m2", { severity: "error" }),
        f("w", "r", "m3", { severity: "warning" }),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["e", "w", "i"])],
  }),
  kase("ranking", "recency-uses-last-seen-not-the-reporting-round", {
    profile: "reference",
    description:
      "A cause reported in round 3 with lastObservedIn 1 is scored with d = 2 and ranks below one last seen in round 2.",
    requirements: ["FC-STAGE4-1", "FC-STAGE2-2"],
    request: request([
      round(2, "fail", [f("b", "lint:style", "prefer const", { severity: "info" })]),
      round(3, "fail", [f("a", "tsc:TS2304", "Cannot find name 'a'.", { lastObservedIn: 1 })]),
    ]),
    assertions: [
      a.proj(P.open, "findingId", ["b", "a"]),
      a.has(P.causes, { findingId: "a", lastSeen: 1, firstSeen: 1 }),
    ],
  }),
  kase("ranking", "equal-scores-order-by-last-seen-descending", {
    profile: "reference",
    description:
      "N=1000: lastSeen 1 and 400 both give recency 1 (equal scores); the later lastSeen ranks first.",
    requirements: ["FC-STAGE4-1", "FC-STAGE4-2"],
    request: request([
      round(1, "fail", [f("early", "lint", "m1")]),
      round(400, "fail", [f("mid", "lint", "m2")]),
      round(1000, "fail", [], { notes: "" }),
    ]),
    assertions: [a.proj(P.open, "findingId", ["mid", "early"])],
  }),
  kase("ranking", "equal-scores-order-by-first-seen-descending", {
    profile: "reference",
    description: "Equal score, severity and lastSeen: the later firstSeen ranks first.",
    requirements: ["FC-STAGE4-2"],
    request: request([
      round(1, "fail", [f("older", "lint", "m1")]),
      round(3, "fail", [f("newer", "lint", "m2")]),
      round(5, "fail", [f("older", "lint", "m1"), f("newer", "lint", "m2")]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["newer", "older"])],
  }),
  kase("ranking", "ties-break-by-path-with-null-last", {
    profile: "reference",
    description: "Otherwise equal causes are ordered by path ascending, causes without a location last.",
    requirements: ["FC-STAGE4-2"],
    request: request([
      round(1, "fail", [
        f("n", "lint", "m1"),
        f("b", "lint", "m2", { location: at("src/b.ts", 1) }),
        f("a", "lint", "m3", { location: at("src/a.ts", 50) }),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["a", "b", "n"])],
  }),
  kase("ranking", "path-order-is-code-unit-order", {
    profile: "reference",
    description: "Paths compare by UTF-16 code units: 'src/Z.ts' before 'src/a.ts'.",
    requirements: ["FC-STAGE4-2"],
    request: request([
      round(1, "fail", [
        f("lower", "lint", "m1", { location: at("src/a.ts", 1) }),
        f("upper", "lint", "m2", { location: at("src/Z.ts", 1) }),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["upper", "lower"])],
  }),
  kase("ranking", "ties-break-by-start-line-with-absent-first", {
    profile: "reference",
    description:
      "On the same path, a cause without startLine ranks before startLine 2, which ranks before 10.",
    requirements: ["FC-STAGE4-2"],
    request: request([
      round(1, "fail", [
        f("ten", "lint", "m1", { location: at("src/a.ts", 10) }),
        f("two", "lint", "m2", { location: at("src/a.ts", 2) }),
        f("none", "lint", "m3", { location: at("src/a.ts") }),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["none", "two", "ten"])],
  }),
  kase("ranking", "ties-break-by-rule-then-id", {
    profile: "reference",
    description: "On the same path and line, causes are ordered by rule, then findingId.",
    requirements: ["FC-STAGE4-2"],
    request: request([
      round(1, "fail", [
        f("z", "lint:b", "m1", { location: at("src/a.ts", 1) }),
        f("y", "lint:a", "m2", { location: at("src/a.ts", 1) }),
        f("x", "lint:b", "m3", { location: at("src/a.ts", 1) }),
      ]),
    ]),
    assertions: [a.proj(P.open, "findingId", ["y", "x", "z"]), a.proj(P.open, "rank", [1, 2, 3])],
  }),
  kase("ranking", "blocked-verdict-marks-causes-of-the-last-round", {
    description:
      "With a blocked last verdict, causes reported in the last round are blocking; an older open cause is not.",
    requirements: ["FC-STAGE4-3", "FC-LOG-10"],
    request: request([
      round(1, "fail", [f("old", "lint", "m1")]),
      round(2, "blocked", [f("now", "env:missing", "DATABASE_URL is not set")]),
    ]),
    assertions: [
      a.has(P.open, { findingId: "now", blocking: true }),
      a.has(P.open, { findingId: "old", blocking: false }),
      a.eq("/severity", { level: "blocked", blockingCount: 1 }),
    ],
  }),
  kase("ranking", "failed-verdict-marks-nothing-blocking", {
    description: "With a failed last verdict no cause is blocking.",
    requirements: ["FC-STAGE4-3", "FC-LOG-10"],
    request: request([round(1, "fail", [f("a", "lint", "m1"), f("b", "lint", "m2")])]),
    assertions: [a.proj(P.open, "blocking", [false, false]), a.eq("/severity/blockingCount", 0)],
  }),
  kase("ranking", "blocking-requires-a-blocked-last-verdict", {
    description: "A blocked verdict in an earlier round makes nothing blocking when the last verdict failed.",
    requirements: ["FC-STAGE4-3"],
    request: request([
      round(1, "blocked", [f("a", "env:missing", "DATABASE_URL is not set")]),
      round(2, "fail", [f("a", "env:missing", "DATABASE_URL is not set")]),
    ]),
    assertions: [a.proj(P.open, "blocking", [false]), a.eq("/severity/level", "error")],
  }),
];
