// FC-STAGE1-1..6, FC-ID-1..3: Stage 1 — normalized findings, sanitation, paths, order and stable ids.
import { computedFindingId as fid } from "../finding-id.ts";
import { a, anon, at, type CaseDoc, f, kase, P, request, round } from "./dsl.ts";

const ROOT = { ref: "tree-5e1d", repoRoot: "/home/dev/repo" };
/** A repo-relative directory of 304 characters: paths under it differ only after any cut a Delta makes (FC-TRIM-1). */
const LONG_DIR = `src/${"nested/".repeat(50)}`;

export const normalizeCases: CaseDoc[] = [
  kase("normalize", "every-finding-becomes-one-normalized-finding", {
    description:
      "Each verdict finding becomes exactly one entry of the log's findings, with the normalized fields.",
    requirements: ["FC-STAGE1-1", "FC-STAGE1-5"],
    request: request([
      round(1, "fail", [
        f("b1", "eslint:no-unused-vars", "'x' is defined but never used.", {
          location: at("src/a.ts", 3, 3),
          severity: "warning",
        }),
        f("a1", "tsc:TS2304", "Cannot find name 'cfg'.", { location: at("src/b.ts", 9) }),
        f("c1", "test:failed", "parseConfig returns defaults", { status: "resolved" }),
      ]),
    ]),
    // The order of one round's findings and the spelling of a relative path are open (FC-STAGE1-6, FC-STAGE1-8):
    // each finding is looked up by its members, and the paths are read from the Delta, whose order the severities fix.
    assertions: [
      a.len(P.findings, 3),
      a.has(P.findings, {
        id: "a1",
        rule: "tsc:TS2304",
        location: { startLine: 9 },
        message: "Cannot find name 'cfg'.",
        severity: "error",
        firstObservedIn: 1,
        lastObservedIn: 1,
        status: "open",
      }),
      a.has(P.findings, {
        id: "b1",
        rule: "eslint:no-unused-vars",
        location: { startLine: 3, endLine: 3 },
        message: "'x' is defined but never used.",
        severity: "warning",
        firstObservedIn: 1,
        lastObservedIn: 1,
        status: "open",
      }),
      a.has(P.findings, {
        id: "c1",
        rule: "test:failed",
        location: null,
        message: "parseConfig returns defaults",
        severity: "error",
        firstObservedIn: 1,
        lastObservedIn: 1,
        status: "resolved",
      }),
      a.proj(P.open, "findingId", ["a1", "b1"]),
      a.path(`${P.open}/0/location/path`, "src/b.ts"),
      a.path(`${P.open}/1/location/path`, "src/a.ts"),
    ],
  }),
  kase("normalize", "notes-become-an-info-finding", {
    profile: "reference",
    description:
      "Non-empty notes of a failed verdict become one verifier:notes finding with severity info and no location.",
    requirements: ["FC-STAGE1-2"],
    request: request([round(2, "fail", [], { notes: "The config loader ignores env overrides." })]),
    assertions: [
      a.eq(P.findings, [
        {
          id: fid("verifier:notes", null, "The config loader ignores env overrides."),
          rule: "verifier:notes",
          location: null,
          message: "The config loader ignores env overrides.",
          severity: "info",
          firstObservedIn: 2,
          lastObservedIn: 2,
          status: "open",
        },
      ]),
    ],
  }),
  kase("normalize", "notes-of-a-blocked-verdict-are-errors", {
    profile: "reference",
    description: "Notes of a blocked verdict become a verifier:notes finding with severity error.",
    requirements: ["FC-STAGE1-2"],
    request: request([round(1, "blocked", [], { notes: "Cannot run the tests: missing fixture." })]),
    assertions: [
      a.has(P.findings, { rule: "verifier:notes", severity: "error", status: "open", location: null }),
      a.eq(`${P.open}/0/severity`, "error"),
    ],
  }),
  kase("normalize", "white-space-notes-are-no-finding", {
    profile: "reference",
    description: "Notes that are only white space yield no finding.",
    requirements: ["FC-STAGE1-2"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused")], { notes: " \n\t  " })]),
    assertions: [a.proj(P.findings, "rule", ["lint"])],
  }),
  kase("normalize", "ansi-escapes-are-removed", {
    profile: "reference",
    description: "ANSI colour sequences are removed from messages and traces.",
    requirements: ["FC-STAGE1-3"],
    request: request([
      round(1, "fail", [
        f("a1", "test:failed", "\u001b[31mexpected\u001b[39m \u001b[1m2\u001b[22m", {
          trace: "\u001b[2mat run (src/a.ts:3)\u001b[0m",
        }),
      ]),
    ]),
    assertions: [a.eq(`${P.open}/0/message`, "expected 2"), a.eq(`${P.open}/0/trace`, "at run (src/a.ts:3)")],
  }),
  kase("normalize", "line-ends-become-lf", {
    profile: "reference",
    description: "CR LF and lone CR become LF.",
    requirements: ["FC-STAGE1-3"],
    request: request([round(1, "fail", [f("a1", "test:failed", "one\r\ntwo\rthree\nfour")])]),
    assertions: [a.eq(`${P.open}/0/message`, "one\ntwo\nthree\nfour")],
  }),
  kase("normalize", "control-characters-except-tab-and-lf-are-removed", {
    profile: "reference",
    description: "C0 control characters other than TAB and LF are removed; TAB and LF stay.",
    requirements: ["FC-STAGE1-3"],
    request: request([round(1, "fail", [f("a1", "test:failed", "a\u0007b\tc\nd\u001fe\u000bf")])]),
    assertions: [a.eq(`${P.open}/0/message`, "ab\tc\ndef")],
  }),
  kase("normalize", "delete-character-is-removed-like-c0-controls", {
    profile: "reference",
    description: "U+007F (DEL) is removed like the C0 controls; U+001F next to it is removed too.",
    requirements: ["FC-STAGE1-3"],
    request: request([round(1, "fail", [f("a1", "test:failed", "a\u007fb\u001fc")])]),
    assertions: [a.eq(`${P.open}/0/message`, "abc")],
  }),
  kase("normalize", "rules-are-sanitized-too", {
    profile: "reference",
    description: "Sanitation applies to every string taken from the request, rules included.",
    requirements: ["FC-STAGE1-3"],
    request: request([
      round(1, "fail", [f("a1", "\u001b[1mtsc:TS2304\u001b[0m", "Cannot find name 'cfg'.")]),
    ]),
    assertions: [a.eq(`${P.open}/0/rule`, "tsc:TS2304")],
  }),
  kase("normalize", "path-under-repo-root-becomes-relative", {
    description: "A location path under canonicalState.repoRoot becomes repo-relative.",
    requirements: ["FC-STAGE1-4"],
    request: request(
      [round(1, "fail", [f("a1", "lint", "x unused", { location: at("/home/dev/repo/src/a.ts", 3) })])],
      {
        canonicalState: ROOT,
      },
    ),
    // How a relative path is spelt is the implementation's (FC-STAGE1-4): with a leading ./ or without.
    assertions: [
      a.path(`${P.open}/0/location/path`, "src/a.ts"),
      a.eq(`${P.open}/0/location/startLine`, 3),
      a.absent("/home/dev"),
    ],
  }),
  kase("normalize", "leading-dot-slash-is-removed", {
    profile: "reference",
    description: "A leading ./ is removed from a location path.",
    requirements: ["FC-STAGE1-8"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused", { location: at("./src/a.ts", 3) })])]),
    assertions: [a.eq(`${P.open}/0/location/path`, "src/a.ts")],
  }),
  kase("normalize", "a-relative-path-with-a-leading-dot-slash-names-the-same-file", {
    description:
      "A relative location path written with a leading ./ reaches the Delta as a spelling of the same file: with its ./ or without it (how a relative path is spelt is the implementation's, FC-STAGE1-4), never another path.",
    requirements: ["FC-STAGE1-4"],
    request: request([round(1, "fail", [f("a1", "lint", "x unused", { location: at("./src/a.ts", 3) })])]),
    assertions: [a.path(`${P.open}/0/location/path`, "src/a.ts")],
  }),
  kase("normalize", "backslashes-become-slashes", {
    profile: "reference",
    description: "Location paths are written with / separators.",
    requirements: ["FC-STAGE1-8"],
    request: request([
      round(1, "fail", [f("a1", "lint", "x unused", { location: at("src\\lib\\a.ts", 3) })]),
    ]),
    assertions: [a.eq(`${P.open}/0/location/path`, "src/lib/a.ts")],
  }),
  kase("normalize", "absolute-path-outside-the-repo-is-masked", {
    description: "An absolute location path outside the repository is replaced by the path mask.",
    requirements: ["FC-STAGE1-4", "FC-REDACT-MANDATORY-1"],
    request: request(
      [round(1, "fail", [f("a1", "lint", "x unused", { location: at("/etc/myapp/secrets.yml", 2) })])],
      {
        canonicalState: ROOT,
      },
    ),
    assertions: [a.match(`${P.open}/0/location/path`, "^«redacted:path»$"), a.absent("/etc/myapp")],
  }),
  kase("normalize", "raw-tool-output-yields-open-findings-of-its-round", {
    profile: "reference",
    description:
      "A tsc diagnostic in a round-2 artifact becomes an open finding of round 2 with a computed id.",
    requirements: ["FC-STAGE1-7", "FC-REQ-8", "FC-ID-1"],
    request: request([
      round(1, "fail", []),
      round(2, "fail", [], {
        artifacts: [{ format: "tsc", content: "src/a.ts(3,5): error TS2304: Cannot find name 'x'.\n" }],
      }),
    ]),
    assertions: [
      a.has(P.findings, {
        id: fid("tsc:TS2304", "src/a.ts", "Cannot find name 'x'."),
        rule: "tsc:TS2304",
        location: { path: "src/a.ts", startLine: 3 },
        message: "Cannot find name 'x'.",
        severity: "error",
        status: "open",
        firstObservedIn: 2,
        lastObservedIn: 2,
      }),
      a.has(P.causes, {
        findingId: fid("tsc:TS2304", "src/a.ts", "Cannot find name 'x'."),
        keepForContext: false,
      }),
    ],
    notes: "Rule and message per stage1.md FC-FORMAT-TSC-1.",
  }),
  kase("normalize", "raw-tool-output-diagnostic-is-never-dropped", {
    description:
      "A tsc error printed only in a round's raw artifact (the verdict lists no finding) is not dropped: the log keeps a finding with its message, open in the delta (FC-STAGE1-5; FC-STAGE1-RAW-21: a real diagnostic is a finding, located or not).",
    requirements: ["FC-STAGE1-5", "FC-STAGE1-RAW-21"],
    request: request([
      round(1, "fail", [], {
        artifacts: [
          { format: "tsc", exitCode: 2, content: "src/a.ts(3,5): error TS2304: Cannot find name 'x'.\n" },
        ],
      }),
    ]),
    assertions: [a.present("Cannot find name 'x'", P.findings), a.present("Cannot find name 'x'", P.open)],
  }),
  kase("normalize", "finding-without-location-is-kept", {
    description: "A finding with location null is kept and rendered with a null location.",
    requirements: ["FC-STAGE1-5"],
    request: request([
      round(1, "fail", [f("g1", "tsc:TS5083", "Cannot read file 'tsconfig.json'.", { location: null })]),
    ]),
    assertions: [a.len(P.causes, 1), a.has(P.open, { findingId: "g1", location: null })],
  }),
  kase("normalize", "findings-are-ordered-by-round-then-id", {
    profile: "reference",
    description: "The log's findings are ordered by round, then by id inside a round.",
    requirements: ["FC-STAGE1-6"],
    request: request([
      round(1, "fail", [f("zeta", "lint", "z unused"), f("alpha", "lint", "a unused")]),
      round(2, "fail", [
        f("mu", "lint", "m unused"),
        f("beta", "lint", "b unused"),
        f("alpha", "lint", "a unused"),
      ]),
    ]),
    assertions: [a.proj(P.findings, "id", ["alpha", "zeta", "alpha", "beta", "mu"])],
  }),
  kase("normalize", "same-id-in-a-round-orders-by-lines", {
    profile: "reference",
    description:
      "Observations with the same id inside a round are ordered by startLine (absent first), then endLine.",
    requirements: ["FC-STAGE1-6"],
    request: request([
      round(1, "fail", [
        f("dup", "lint", "x unused", { location: at("src/a.ts", 9) }),
        f("dup", "lint", "x unused", { location: at("src/a.ts", 3, 7) }),
        f("dup", "lint", "x unused", { location: at("src/a.ts") }),
        f("dup", "lint", "x unused", { location: at("src/a.ts", 3, 4) }),
      ]),
    ]),
    assertions: [
      a.proj(P.findings, "location", [
        { path: "src/a.ts" },
        { path: "src/a.ts", startLine: 3, endLine: 4 },
        { path: "src/a.ts", startLine: 3, endLine: 7 },
        { path: "src/a.ts", startLine: 9 },
      ]),
    ],
  }),
];

const TS = "tsc:TS2304";
const MSG = "Cannot find name 'cfg'.";

export const idCases: CaseDoc[] = [
  kase("ids", "computed-id-hashes-rule-path-and-message", {
    profile: "reference",
    description:
      "A finding without an id gets f- plus 16 hex digits of SHA-256 over [rule, path, normMessage, 0].",
    requirements: ["FC-ID-1", "FC-REQ-6"],
    request: request([round(1, "fail", [anon(TS, MSG, { location: at("src/config.ts", 4) })])]),
    assertions: [a.proj(P.findings, "id", [fid(TS, "src/config.ts", MSG)])],
    notes:
      "Expected id: tsx conformance/tools/finding-id.ts id tsc:TS2304 src/config.ts \"Cannot find name 'cfg'.\"",
  }),
  kase("ids", "computed-id-without-location-hashes-a-null-path", {
    profile: "reference",
    description: "A finding without a location is hashed with path null.",
    requirements: ["FC-ID-1"],
    request: request([round(1, "fail", [anon("tsc:TS5083", "Cannot read file 'tsconfig.json'.")])]),
    assertions: [a.proj(P.findings, "id", [fid("tsc:TS5083", null, "Cannot read file 'tsconfig.json'.")])],
  }),
  kase("ids", "line-numbers-are-not-hashed", {
    description: "The same finding on different lines in two rounds has one id and is one root cause.",
    requirements: ["FC-ID-4", "FC-STAGE2-1"],
    request: request([
      round(1, "fail", [anon(TS, MSG, { location: at("src/config.ts", 4) })]),
      round(2, "fail", [anon(TS, MSG, { location: at("src/config.ts", 11, 12) })]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "repeated-message-in-one-file-gets-occurrence-ids", {
    profile: "reference",
    description: "Two identical findings in one file and round get occurrences 0 and 1, ordered by line.",
    requirements: ["FC-ID-1"],
    request: request([
      round(1, "fail", [
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 20) }),
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 7) }),
      ]),
    ]),
    assertions: [
      a.has(P.findings, {
        id: fid("eslint:no-console", "src/log.ts", "Unexpected console statement.", 0),
        location: { startLine: 7 },
      }),
      a.has(P.findings, {
        id: fid("eslint:no-console", "src/log.ts", "Unexpected console statement.", 1),
        location: { startLine: 20 },
      }),
    ],
  }),
  kase("ids", "occurrence-counts-absent-lines-first", {
    profile: "reference",
    description: "Among identical findings of a round, the one without lines is occurrence 0.",
    requirements: ["FC-ID-1"],
    request: request([
      round(1, "fail", [
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 2) }),
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts") }),
      ]),
    ]),
    assertions: [
      a.has(P.findings, {
        id: fid("eslint:no-console", "src/log.ts", "Unexpected console statement.", 0),
        location: { path: "src/log.ts" },
      }),
      a.has(P.findings, {
        id: fid("eslint:no-console", "src/log.ts", "Unexpected console statement.", 1),
        location: { startLine: 2 },
      }),
    ],
  }),
  kase("ids", "occurrence-restarts-in-each-round", {
    profile: "reference",
    description:
      "The occurrence counter counts inside one round: a single finding in round 2 is occurrence 0 again.",
    requirements: ["FC-ID-1", "FC-STAGE2-2"],
    request: request([
      round(1, "fail", [
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 3) }),
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 8) }),
      ]),
      round(2, "fail", [
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 8) }),
      ]),
    ]),
    assertions: [
      a.has(P.causes, {
        findingId: fid("eslint:no-console", "src/log.ts", "Unexpected console statement.", 0),
        rounds: [1, 2],
      }),
      a.has(P.causes, {
        findingId: fid("eslint:no-console", "src/log.ts", "Unexpected console statement.", 1),
        rounds: [1],
      }),
    ],
  }),
  kase("ids", "path-is-hashed-after-relativisation", {
    description:
      "An absolute path under repoRoot identifies a finding like its repo-relative form: one root cause over two rounds.",
    requirements: ["FC-ID-4", "FC-STAGE1-4"],
    request: request(
      [
        round(1, "fail", [anon(TS, MSG, { location: at("/home/dev/repo/src/config.ts", 4) })]),
        round(2, "fail", [anon(TS, MSG, { location: at("src/config.ts", 4) })]),
      ],
      {
        canonicalState: { ref: "tree-5e1d", repoRoot: "/home/dev/repo" },
      },
    ),
    assertions: [
      a.len(P.causes, 1),
      a.eq(`${P.causes}/0/rounds`, [1, 2]),
      a.path(`${P.causes}/0/location/path`, "src/config.ts"),
    ],
  }),
  kase("ids", "supplied-id-is-kept", {
    description: "A supplied id is used as is, not recomputed.",
    requirements: ["FC-REQ-6"],
    request: request([round(1, "fail", [f("TS2304:config", TS, MSG, { location: at("src/config.ts", 4) })])]),
    assertions: [a.proj(P.findings, "id", ["TS2304:config"])],
  }),
  kase("ids", "hex-addresses-are-masked", {
    description:
      "Hexadecimal addresses of 6+ digits are masked as 0x#: two rounds differing only in the address are one cause.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("asan:segv", "SEGV on unknown address 0x7ffd5e2a10c8")]),
      round(2, "fail", [anon("asan:segv", "SEGV on unknown address 0x55d0aa00ff11")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "short-hex-numbers-are-not-masked", {
    description:
      "A hexadecimal number of fewer than 6 digits is not volatile: different values are different causes.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("test:failed", "exit code 0x1f")]),
      round(2, "fail", [anon("test:failed", "exit code 0x2e")]),
    ]),
    assertions: [a.len(P.causes, 2), a.distinct(P.causes, "findingId")],
  }),
  kase("ids", "timestamps-are-masked", {
    description: "ISO-8601 timestamps are masked as <ts>.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("test:timeout", "job started 2026-11-30T10:01:02Z never finished")]),
      round(2, "fail", [anon("test:timeout", "job started 2026-11-30T11:45:09Z never finished")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "uuids-are-masked", {
    description: "UUIDs are masked as <uuid>.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("db:constraint", "row 123e4567-e89b-12d3-a456-426614174000 violates fk_user")]),
      round(2, "fail", [anon("db:constraint", "row 9f0c2b1e-0d4a-4c8e-b2f1-7a6d5c4b3a21 violates fk_user")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "durations-are-masked", {
    description: "Durations such as 12ms and 1.5 s are masked as <dur>.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("test:slow", "render took 12ms, budget 1.5 s")]),
      round(2, "fail", [anon("test:slow", "render took 873ms, budget 2 s")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "temporary-directories-are-masked", {
    description: "A temporary directory /tmp/<name> is masked as <tmp>.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("test:snapshot", "snapshot dir /tmp/vitest-a81f is missing")]),
      round(2, "fail", [anon("test:snapshot", "snapshot dir /tmp/vitest-77c0 is missing")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "process-ids-are-masked", {
    description: "pid 1234 is masked as pid <n>.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("test:crash", "worker pid 4242 exited with signal 9")]),
      round(2, "fail", [anon("test:crash", "worker pid 77 exited with signal 9")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "white-space-runs-are-collapsed", {
    description: "White space runs collapse to one space and the message is trimmed before hashing.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("test:failed", "  expected   2\n\tgot 3 ")]),
      round(2, "fail", [anon("test:failed", "expected 2 got 3")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "ansi-colour-does-not-change-the-id", {
    description: "The hashed message is the sanitized one: ANSI colour does not change the id.",
    requirements: ["FC-ID-2"],
    request: request([
      round(1, "fail", [anon("test:failed", "\u001b[31mexpected 2\u001b[0m")]),
      round(2, "fail", [anon("test:failed", "expected 2")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "different-rule-under-one-id-is-a-collision", {
    description: "The same supplied id with a different rule is ID_COLLISION.",
    requirements: ["FC-ID-3"],
    request: request([
      round(1, "fail", [f("x1", "lint:a", "x unused", { location: at("src/a.ts", 1) })]),
      round(2, "fail", [f("x1", "lint:b", "x unused", { location: at("src/a.ts", 1) })]),
    ]),
    error: "ID_COLLISION",
  }),
  kase("ids", "paths-that-differ-after-240-characters-are-different-findings", {
    description:
      "Two files whose paths share their first 300 characters and differ only in the file name are two identities: without supplied ids they get two ids and make two root causes (FC-ID-2: the normalized path is part of the identity; FC-ID-4: different identities get different ids), and the same supplied id on both is ID_COLLISION (FC-ID-3). No cut of the path decides an identity.",
    requirements: ["FC-ID-2", "FC-ID-3", "FC-ID-4"],
    request: request([
      round(1, "fail", [anon("lint", "x unused", { location: at(`${LONG_DIR}a.ts`, 1) })]),
      round(2, "fail", [anon("lint", "x unused", { location: at(`${LONG_DIR}b.ts`, 1) })]),
    ]),
    assertions: [a.len(P.causes, 2), a.distinct(P.causes, "findingId")],
    more: [
      {
        request: request([
          round(1, "fail", [f("x1", "lint", "x unused", { location: at(`${LONG_DIR}a.ts`, 1) })]),
          round(2, "fail", [f("x1", "lint", "x unused", { location: at(`${LONG_DIR}b.ts`, 1) })]),
        ]),
        error: "ID_COLLISION",
      },
    ],
  }),
  kase("ids", "different-path-under-one-id-is-a-collision", {
    description: "The same supplied id with a different path is ID_COLLISION.",
    requirements: ["FC-ID-3"],
    request: request([
      round(1, "fail", [f("x1", "lint", "x unused", { location: at("src/a.ts", 1) })]),
      round(2, "fail", [f("x1", "lint", "x unused", { location: at("src/b.ts", 1) })]),
    ]),
    error: "ID_COLLISION",
  }),
  kase("ids", "path-versus-no-location-is-a-collision", {
    description: "The same supplied id with a path in one round and no location in another is ID_COLLISION.",
    requirements: ["FC-ID-3"],
    request: request([
      round(1, "fail", [f("x1", "lint", "x unused", { location: at("src/a.ts", 1) })]),
      round(2, "fail", [f("x1", "lint", "x unused")]),
    ]),
    error: "ID_COLLISION",
  }),
  kase("ids", "different-message-under-one-id-is-a-collision", {
    description: "The same supplied id with a different normalized message is ID_COLLISION.",
    requirements: ["FC-ID-3"],
    request: request([round(1, "fail", [f("x1", "lint", "x unused"), f("x1", "lint", "y unused")])]),
    error: "ID_COLLISION",
  }),
  kase("ids", "a-space-collapsed-is-not-a-space-removed", {
    description:
      "White space runs collapse to one space, not to nothing: `x is unused` and `xis unused` under one supplied id differ in normMessage, an ID_COLLISION.",
    requirements: ["FC-ID-2", "FC-ID-3"],
    request: request([
      round(1, "fail", [f("x1", "lint", "x is unused", { location: at("src/a.ts", 1) })]),
      round(2, "fail", [f("x1", "lint", "xis unused", { location: at("src/a.ts", 1) })]),
    ]),
    error: "ID_COLLISION",
  }),
  kase("ids", "moved-and-resolved-observations-are-not-a-collision", {
    description:
      "Different lines, severity, status, trace and keepForContext under one id are one cause, not a collision.",
    requirements: ["FC-ID-3", "FC-STAGE2-1"],
    request: request([
      round(1, "fail", [
        f("x1", "lint", "x unused", { location: at("src/a.ts", 1), severity: "warning", trace: "t1" }),
      ]),
      round(2, "fail", [
        f("x1", "lint", "x unused", {
          location: at("src/a.ts", 5, 6),
          status: "resolved",
          keepForContext: true,
          trace: "t2",
        }),
      ]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.causes}/0/rounds`, [1, 2])],
  }),
  kase("ids", "volatile-differences-under-one-id-are-not-a-collision", {
    description: "Messages that differ only in volatile tokens have the same normMessage: no collision.",
    requirements: ["FC-ID-3", "FC-ID-2"],
    request: request([
      round(1, "fail", [f("x1", "test:slow", "took 12ms")]),
      round(2, "fail", [f("x1", "test:slow", "took 31ms")]),
    ]),
    assertions: [a.len(P.causes, 1), a.eq(`${P.open}/0/message`, "took 31ms")],
  }),
  kase("ids", "identical-findings-in-one-round-are-two-causes", {
    description:
      "Two identical findings in one file and round are two root causes with distinct ids (FC-ID-4).",
    requirements: ["FC-ID-4", "FC-STAGE2-1"],
    request: request([
      round(1, "fail", [
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 20) }),
        anon("eslint:no-console", "Unexpected console statement.", { location: at("src/log.ts", 7) }),
      ]),
    ]),
    assertions: [a.len(P.causes, 2), a.distinct(P.causes, "findingId"), a.distinct(P.findings, "id")],
  }),
  kase("ids", "different-findings-get-distinct-ids", {
    description: "Findings that differ in rule, path or message get distinct computed ids (FC-ID-4).",
    requirements: ["FC-ID-4"],
    request: request([
      round(1, "fail", [
        anon(TS, MSG, { location: at("src/config.ts", 4) }),
        anon("tsc:TS2305", MSG, { location: at("src/config.ts", 4) }),
        anon(TS, MSG, { location: at("src/other.ts", 4) }),
        anon(TS, "Cannot find name 'cfg2'.", { location: at("src/config.ts", 4) }),
        anon(TS, MSG),
      ]),
    ]),
    assertions: [a.len(P.findings, 5), a.distinct(P.findings, "id"), a.len(P.causes, 5)],
  }),
  kase("ids", "a-supplied-id-takes-no-part-in-computed-ids", {
    description:
      "A finding alone gets a computed id; beside an identical finding that carries a supplied id it gets the same one (a supplied id is not counted among the occurrences, FC-ID-4).",
    requirements: ["FC-ID-4"],
    request: request([round(1, "fail", [anon(TS, MSG, { location: at("src/config.ts", 4) })])]),
    assertions: [a.len(P.open, 1)],
    more: [
      {
        request: request([
          round(1, "fail", [
            f("s1", TS, MSG, { location: at("src/config.ts", 2), severity: "warning" }),
            anon(TS, MSG, { location: at("src/config.ts", 4) }),
          ]),
        ]),
        assertions: [
          a.len(P.open, 2),
          // The error ranks above the warning (FC-STAGE4-4): rank 1 is the computed one.
          a.same(`${P.open}/0/findingId`, `${P.open}/0/findingId`, 0),
          a.eq(`${P.open}/1/findingId`, "s1"),
        ],
      },
    ],
  }),
  kase("ids", "computed-ids-are-stable-across-requests-and-rounds", {
    description:
      "The same request twice gives the same ids, and a later request with one more round keeps the cause's id (FC-ID-4, FC-PURE-1).",
    requirements: ["FC-ID-4", "FC-PURE-1"],
    request: request([round(1, "fail", [anon(TS, MSG, { location: at("src/config.ts", 4) })])]),
    assertions: [a.len(P.causes, 1)],
    more: [
      {
        request: request([round(1, "fail", [anon(TS, MSG, { location: at("src/config.ts", 4) })])]),
        assertions: [
          a.same(P.findings, P.findings, 0),
          a.same(P.causes, P.causes, 0),
          // What the Delta shows of it (judged at the delta-only level too).
          a.same(`${P.open}/0/findingId`, `${P.open}/0/findingId`, 0),
        ],
      },
      {
        request: request([
          round(1, "fail", [anon(TS, MSG, { location: at("src/config.ts", 4) })]),
          round(2, "fail", [anon(TS, MSG, { location: at("src/config.ts", 9) })]),
        ]),
        assertions: [
          a.len(P.causes, 1),
          a.same(`${P.causes}/0/findingId`, `${P.causes}/0/findingId`, 0),
          a.same(`${P.open}/0/findingId`, `${P.causes}/0/findingId`, 0),
          a.same(`${P.open}/0/findingId`, `${P.open}/0/findingId`, 0),
        ],
      },
    ],
  }),
];
