// FC-WB-2..6, FC-WB-8: the workbench without a browser — the page's bundle gives `compact`'s bytes for every golden
// case, its shims answer as Node does, the comparison names broken contract checks, saving stays in the library.
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { isIPv4 as nodeIPv4, isIPv6 as nodeIPv6 } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedTokenizer } from "../../src/adapters/tiktoken.ts";
import { compact } from "../../src/pipeline/compact.ts";
import { renderExplain } from "../../src/pipeline/explain.ts";
import { EXPECTED_DIR, loadGoldenCases } from "../../scripts/golden-lib.ts";
import { caseFileText, casePathProblem, proposeAssertions } from "./browser/case-file.ts";
import { classify, compareReplies } from "./browser/compare.ts";
import { judgeReply } from "./judge.ts";
import { sensitiveTexts } from "./planted.ts";
import bypass from "../mutants/redaction-bypass.ts";
import { referenceHandler } from "../../src/protocol/reference.ts";
import { loadCases } from "../runner/cases.ts";
import type { ConformanceCase } from "../runner/types.ts";
import type { Reply } from "../iut.ts";
import { createHash as shimHash, createHmac as shimHmac } from "./browser/shims/crypto.ts";
import { isIPv4, isIPv6 } from "./browser/shims/net.ts";
import { bundleWorkbench } from "./bundle.mjs";
import { headerIds, implementingModules, workbenchData } from "./model.ts";
import { renderPage } from "./page.ts";
import { caseTarget, startServer } from "./server.ts";
import { lintLibrary } from "../runner/lint.ts";
import type * as Engine from "./browser/app.ts";

type Bundle = typeof Engine;
let wb: Bundle;

beforeAll(async () => {
  const js = await bundleWorkbench();
  wb = new Function(`${js}\nreturn fcWorkbench;`)() as Bundle;
  await wb.ready();
}, 60_000);

describe("the page's bundle is the reference", () => {
  const cases = loadGoldenCases();
  it("gives compact's bytes (log and Delta) for every golden case", () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
    // The stored file also says what generated it (FC-CASE-13); the page gives the rest, byte for byte.
    const stored = (c: (typeof cases)[number]) => {
      const { generatedBy: _, ...doc } = JSON.parse(readFileSync(join(EXPECTED_DIR, c.path), "utf8"));
      return `${JSON.stringify(doc, null, 2)}\n`;
    };
    const differ = cases.filter((c) => wb.goldenText(c) !== stored(c));
    expect(differ.map((c) => c.id)).toEqual([]);
  });

  it("gives the --explain text and the typed errors the CLI gives", () => {
    for (const c of cases.slice(0, 12)) {
      const node = compact(c.request, { tokenizer: sharedTokenizer(), ...(c.options ?? {}), explain: true });
      const page = wb.run(c.request, c.options ?? {});
      if (node.ok) {
        expect(page.ok && page.explainText).toBe(renderExplain(node.value.explain!));
        expect(page.ok && page.deltaText).toBe(node.value.deltaText);
      } else expect(page.ok ? null : page.error).toEqual(node.error);
    }
    const bad = wb.run({ rounds: [] }, {});
    expect(bad.ok ? "" : bad.error.code).toBe("INVALID_REQUEST");
  });
});

describe("browser shims answer as Node does", () => {
  it("isIPv4 / isIPv6 agree with node:net", () => {
    const seeds = [
      "1.2.3.4",
      "255.255.255.255",
      "256.1.1.1",
      "01.2.3.4",
      "1.2.3",
      "1.2.3.4.5",
      "0.0.0.0",
      "1..3.4",
      " 1.2.3.4",
      "::",
      "::1",
      "1::",
      "1:2:3:4:5:6:7:8",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7::",
      "::2:3:4:5:6:7:8",
      "1::2::3",
      ":::",
      "1:2:3:4:5:6:1.2.3.4",
      "::ffff:1.2.3.4",
      "1:2:3:4:5:6:7:1.2.3.4",
      "::1.2.3.4",
      "fe80::1%eth0",
      "fe80::1%",
      "fe80::1%a b",
      "12345::",
      "g::1",
      ":1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:",
      "1:2:3:4:5::1.2.3.4",
      "1:2:3:4:5:6::1.2.3.4",
      "::1.2.3.256",
      "FFFF::abcd",
      "1:2:3:4::5:1.2.3.4",
    ];
    // Plus every short string over a small alphabet (a few thousand), which reaches the edge cases by brute force.
    const alphabet = ["1", ":", ".", "a", "%"];
    const all = [...seeds];
    const grow = (s: string, n: number) => {
      all.push(s);
      if (n > 0) for (const c of alphabet) grow(s + c, n - 1);
    };
    grow("", 6);
    const differ = all.filter((s) => isIPv4(s) !== nodeIPv4(s) || isIPv6(s) !== nodeIPv6(s));
    expect(differ).toEqual([]);
    expect(all.filter((s) => nodeIPv6(s)).length).toBeGreaterThan(50);
  });

  it("SHA-256 and HMAC-SHA256 agree with node:crypto", () => {
    for (const t of ["", "abc", "é€😀".repeat(40), "x".repeat(1000)]) {
      expect(shimHash("sha256").update(t, "utf8").digest("hex")).toBe(
        createHash("sha256").update(t, "utf8").digest("hex"),
      );
      expect(shimHmac("sha256", "k€y").update(t, "utf8").digest("hex")).toBe(
        createHmac("sha256", Buffer.from("k€y", "utf8")).update(t, "utf8").digest("hex"),
      );
    }
  });
});

describe("side by side: one judge (the runner's evaluation)", () => {
  const c = loadGoldenCases().find((x) => x.id === "golden.stage5.budget-overrun-emits-the-omitted-marker")!;
  const budget = 300;
  const ref = () => {
    const r = wb.run(c.request, { budgetTokens: budget });
    if (!r.ok) throw new Error("the case compacts");
    return r;
  };
  const side = (
    log: Record<string, unknown>,
    reply: Reply,
    request: unknown = c.request,
    kase?: ConformanceCase,
  ) =>
    compareReplies(
      { ok: true, log },
      reply as Parameters<typeof compareReplies>[1],
      judgeReply(request, { budgetTokens: budget }, reply, sensitiveTexts(request), kase).checks,
    );
  const result = (log: unknown): Reply => ({ kind: "result", result: log, ms: 1 });

  it("the reference beside itself: no difference, no broken check", () => {
    const r = ref();
    const cmp = side(r.log, result(structuredClone(r.log)));
    expect(cmp.differences).toEqual([]);
    expect(cmp.broken).toEqual([]);
    expect(cmp.checks.length).toBeGreaterThanOrEqual(6);
  });

  it("another id format is a reference-only choice: no required check fails on it", () => {
    const r = ref();
    const other = structuredClone(r.log) as {
      correctionDelta: { omitted: { auditLogId: string } };
      compaction: { renderedTokens: number };
    };
    other.correctionDelta.omitted.auditLogId = "elsewhere-4242424242";
    // An honest implementation reports the count of its own Delta.
    other.compaction.renderedTokens = wb.tokenizer.count(wb.canonical(other.correctionDelta));
    const cmp = side(r.log, result(other));
    expect(cmp.broken).toEqual([]);
    expect(cmp.differences.map((d) => [d.pointer, d.kind])).toEqual([
      ["/compaction/renderedTokens", "reference-choice"],
      ["/correctionDelta/omitted/auditLogId", "reference-choice"],
    ]);
  });

  it("an over-budget Delta fails the budget check, and the members it concerns are contract differences", () => {
    const r = ref();
    const wide = wb.run(c.request, { budgetTokens: 100000 });
    if (!wide.ok) throw new Error("compacts");
    const mutant = structuredClone(wide.log) as { compaction: { budgetTokens: number } };
    mutant.compaction.budgetTokens = budget;
    const cmp = side(r.log, result(mutant));
    expect(cmp.broken.map((b) => b.requirements[0])).toContain("FC-STAGE5-3");
    expect(
      cmp.differences.some(
        (d) => d.pointer.startsWith("/correctionDelta/openRootCauses/") && d.kind === "contract",
      ),
    ).toBe(true);
  });

  it("a false token count fails the suite's own count; a refusal of a valid case's request is contract", () => {
    const r = ref();
    const lying = structuredClone(r.log) as { compaction: { renderedTokens: number } };
    lying.compaction.renderedTokens -= 1;
    const cmp = side(r.log, result(lying));
    expect(cmp.broken.map((b) => b.name)).toEqual([
      "renderedTokens is the suite's own o200k_base count of the canonical Delta",
    ]);
    expect(cmp.differences.map((d) => [d.pointer, d.kind])).toEqual([
      ["/compaction/renderedTokens", "contract"],
    ]);
    expect(classify("/compaction/compactorId").kind).toBe("reference-choice");
  });

  it("the redaction-bypass mutant on redaction.sensitive.github-pat-in-message: the leak is a contract difference", async () => {
    const kase = loadCases().cases.find(
      ({ case: x }) => x.id === "redaction.sensitive.github-pat-in-message",
    )!.case;
    const input = kase.input as { request: unknown; options?: { budgetTokens?: number } };
    const reference = wb.run(input.request, input.options ?? {});
    if (!reference.ok) throw new Error("compacts");
    const leaky = await bypass.wrap(referenceHandler)(
      "compact",
      structuredClone(input) as Record<string, unknown>,
    );
    const reply = result((leaky as { log: unknown }).log);
    const judged = judgeReply(input.request, input.options ?? {}, reply, sensitiveTexts(input.request), kase);
    const cmp = compareReplies({ ok: true, log: reference.log }, reply as never, judged.checks);
    expect(cmp.broken.map((b) => b.name)).toEqual(
      expect.arrayContaining([
        "case redaction.sensitive.github-pat-in-message",
        "no sensitive text of the request in the reply",
      ]),
    );
    const leaked = cmp.differences.filter((d) => /\/message$/.test(d.pointer));
    expect(leaked.length).toBeGreaterThan(0);
    expect(leaked.every((d) => d.kind === "contract")).toBe(true);
    expect(
      cmp.differences.some((d) => d.pointer.startsWith("/correctionDelta/") && d.kind === "contract"),
    ).toBe(true);
  });

  it("a lenient answer where the reference refuses is no contract difference unless a required check fails", () => {
    const request = { ...(c.request as Record<string, unknown>), budgetTokens: 512 };
    const lenient = ref().log;
    const cmp = compareReplies(
      { ok: false, error: { code: "INVALID_REQUEST", message: "unknown member" } },
      result(lenient) as never,
      judgeReply(request, { budgetTokens: budget }, result(lenient), sensitiveTexts(request)).checks,
    );
    expect(cmp.differences.map((d) => d.kind)).toEqual(["reference-choice"]);
  });
});

describe("spec view data", () => {
  it("module headers: ids and ranges", () => {
    expect(headerIds("// FC-CLI-1..3, FC-PURE-1: dispatch")).toEqual([
      "FC-CLI-1",
      "FC-CLI-2",
      "FC-CLI-3",
      "FC-PURE-1",
    ]);
    expect(headerIds("// no ids here: x")).toEqual([]);
    expect(implementingModules().get("FC-STAGE5-3")).toContain("src/pipeline/stage5-condense.ts");
  });

  it("every requirement the one parser defines has exactly one anchor on the page", async () => {
    const data = await workbenchData();
    const html = renderPage(data, "static");
    for (const r of data.requirements) expect(html.split(` id="${r.id}"`).length - 1, r.id).toBe(1);
    expect(data.requirements.length).toBeGreaterThan(250);
  });
});

describe("save as case", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "fc-wb-save-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("paths stay below the case library", () => {
    for (const bad of ["../x/y", "a/../../y", "/etc/passwd", "a\\b", "a", "a//b", "A/B", "a/./b", ""])
      expect(casePathProblem(bad), bad).not.toBeNull();
    expect(casePathProblem("compact/packing/the-claim")).toBeNull();
    expect(caseTarget(dir, "compact/x/y")).toEqual({ file: join(dir, "compact/x/y.json") });
    expect("error" in caseTarget(dir, "../y/z")).toBe(true);
  });

  it("a proposed case passes check; the server writes it only below its directory and never overwrites", async () => {
    const c = loadGoldenCases().find(
      (x) => x.id === "golden.stage5.budget-overrun-emits-the-omitted-marker",
    )!;
    const out = wb.run(c.request, { budgetTokens: 300 });
    const draft = {
      path: "compact/workbench/saved",
      description: "A case drafted by the workbench.",
      requirements: ["FC-STAGE5-3"],
      profile: "required" as const,
      request: c.request,
      options: { budgetTokens: 300 },
      assertions: proposeAssertions(out)
        .filter((p) => p.class === "contract")
        .map((p) => p.assertion),
    };
    const assets = { "index.html": "<p>", "data.js": "", "app.js": "" };
    const s = await startServer({
      port: 0,
      casesDir: dir,
      specDir: join(import.meta.dirname, "../../spec"),
      iut: null,
      assets,
    });
    try {
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${s.url}api/save`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { ok: boolean; problems?: string[] },
        }));
      const ok = await post({ path: draft.path, text: caseFileText(draft) });
      expect(ok.body).toMatchObject({ ok: true, problems: [] });
      expect((await post({ path: draft.path, text: caseFileText(draft) })).status).toBe(409);
      expect(
        (await post({ path: "../outside/x", text: caseFileText({ ...draft, path: "../outside/x" }) })).status,
      ).toBe(400);
      expect((await post({ path: "compact/workbench/other", text: caseFileText(draft) })).status).toBe(400);
      expect((await post({ path: draft.path, text: "{}" }, { origin: "http://evil.example" })).status).toBe(
        403,
      );
      const lint = lintLibrary({
        casesDir: dir,
        specDir: join(import.meta.dirname, "../../spec"),
        coverage: false,
      });
      expect(lint.problems).toEqual([]);
      expect(lint.cases).toBe(1);
    } finally {
      await s.close();
    }
  });

  it("check rejects a draft whose path and id disagree", () => {
    const sub = join(dir, "lint");
    mkdirSync(join(sub, "compact/x"), { recursive: true });
    const text = caseFileText({
      path: "compact/x/one",
      description: "A drafted case.",
      requirements: ["FC-STAGE5-3"],
      profile: "required",
      request: {},
      options: {},
      error: { code: "INVALID_REQUEST" },
      assertions: [],
    });
    writeFileSync(join(sub, "compact/x/two.json"), text);
    const lint = lintLibrary({
      casesDir: sub,
      specDir: join(import.meta.dirname, "../../spec"),
      coverage: false,
    });
    expect(lint.problems.map((p) => p.rule)).toContain("id-path");
  });
});

describe("the workbench command", () => {
  const cli = async (...argv: string[]) => {
    const { main } = await import("../cli/main.ts");
    const { fakeIo } = await import("../../src/testing/fake-io.ts");
    const io = fakeIo();
    const code = await main(["workbench", ...argv], io);
    return { code, out: io.out.join(""), err: io.err.join("") };
  };

  it("--help teaches the views, the options and the exit codes", async () => {
    const r = await cli("--help");
    expect(r.code).toBe(0);
    for (const s of ["--port N", "--out DIR", "--cases DIR", "-- COMMAND", "Ctrl-C", "Exit codes"])
      expect(r.out).toContain(s);
  });

  it("usage problems are one JSON line and exit 2", async () => {
    for (const argv of [
      ["--out", "x", "--", "node"],
      ["--port", "http"],
      ["--frobnicate", "1"],
      ["extra"],
      ["--port", "70000"],
    ]) {
      const r = await cli(...argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(JSON.parse(r.err).error.code).toBe("USAGE");
    }
  });

  it("an implementation that does not start is an IO error, not a hanging server", async () => {
    const r = await cli("--", process.execPath, "-e", "process.exit(3)");
    expect(r.code).toBe(2);
    expect(JSON.parse(r.err).error.code).toBe("IO");
    expect(r.out).toBe("");
  }, 30_000);
});
