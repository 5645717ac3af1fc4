// FC-FORMAT-SARIF-1..10: SARIF 2.1.0 logs: uriBaseId, artifacts[index], levels, suppressions, gcc, among text.
import type { Severity } from "../../types.ts";
import { finding, int, isRecord, loc, repoPath, ruleName, str } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

type Obj = Record<string, unknown>;

// A log's first member as the producers print it: `$schema` naming a SARIF schema (clang, gcc), or the
// version with `runs` after it.
const SARIF_HEAD = /^\{\s*(?:"\$schema"\s*:\s*"[^"]{0,300}sarif|"version"\s*:\s*"2\.1\.0"\s*,\s*"runs"\s*:)/i;
const SARIF_MEMBER = /^\s+(?:"\$schema"\s*:\s*"[^"]{0,300}sarif|"version"\s*:\s*"2\.1\.0"\s*,?\s*$)/i;

/**
 * Whether line `i` opens a SARIF log: one printed on a line (`{"$schema":"…sarif-schema-2.1.0.json","runs":…`,
 * clang 19) or over several (`{` alone, then `"$schema"` or `"version": "2.1.0"` indented). The signature
 * sniffing looks for anywhere in its sample (FC-FORMAT-SARIF-9): with stderr captured too, clang's
 * `warning: diagnostic formatting in SARIF mode is currently unstable` line comes before the log, and its
 * count line (`2 warnings generated.`) after each one.
 */
export function opensSarifLog(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  if (line.charCodeAt(0) !== 123) return false;
  if (line.trimEnd() === "{") return i + 1 < lines.length && SARIF_MEMBER.test(lines[i + 1]!.slice(0, 400));
  return SARIF_HEAD.test(line.slice(0, 400));
}
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Obj => (isRecord(v) ? v : {});

const LEVEL: Record<string, Severity> = { error: "error", warning: "warning", note: "info", none: "info" };

/** Resolves an artifactLocation to a path: `index` into run.artifacts, then `uriBaseId` through originalUriBaseIds. */
function resolveUri(run: Obj, artifactLocation: Obj): string {
  let al = artifactLocation;
  const index = int(al.index);
  if (str(al.uri) === undefined && index !== undefined) al = obj(obj(arr(run.artifacts)[index]).location);
  let uri = str(al.uri) ?? "";
  let base = str(al.uriBaseId);
  const bases = obj(run.originalUriBaseIds);
  for (let depth = 0; base !== undefined && depth < 8 && !/^[a-z]+:/i.test(uri); depth++) {
    const b = obj(bases[base]);
    const prefix = str(b.uri);
    if (prefix === undefined) break;
    uri = prefix.endsWith("/") || uri === "" ? `${prefix}${uri}` : `${prefix}/${uri}`;
    base = str(b.uriBaseId);
  }
  // A relative reference is percent-encoded like any URI (`sub%20dir/a.c`); `file:` URIs are decoded later.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(uri) && /%[0-9A-Fa-f]{2}/.test(uri)) {
    try {
      uri = decodeURIComponent(uri);
    } catch {}
  }
  return uri;
}

function format(template: string, args: unknown[]): string {
  return template.replace(/\{(\d{1,3})\}/g, (m, i: string) => {
    const a = args[Number(i)];
    return typeof a === "string" || typeof a === "number" ? String(a) : m;
  });
}

function messageOf(message: Obj, rule: Obj, driver: Obj): string {
  const text = str(message.text) ?? str(message.markdown);
  const args = arr(message.arguments);
  if (text !== undefined) return format(text, args);
  const id = str(message.id);
  if (id !== undefined) {
    const strings = { ...obj(driver.globalMessageStrings), ...obj(rule.messageStrings) };
    const entry = obj(strings[id]);
    const t = str(entry.text) ?? str(entry.markdown);
    if (t !== undefined) return format(t, args);
    return `${id}${args.length > 0 ? ` (${args.map(String).join(", ")})` : ""}`;
  }
  return "";
}

function locationOf(run: Obj, locations: unknown, ctx: ParseContext) {
  const first = obj(arr(locations)[0]);
  const phys = obj(first.physicalLocation);
  const uri = resolveUri(run, obj(phys.artifactLocation));
  if (uri === "") return null;
  const region = obj(phys.region);
  return loc(repoPath(uri, ctx), int(region.startLine), int(region.endLine));
}

/**
 * FC-FORMAT-SARIF-6: a result with a non-empty `suppressions` array is suppressed (ESLint's in-source
 * `eslint-disable` comments), unless one of them is `rejected` or `underReview` (SARIF 2.1.0 §3.27.23).
 */
function isSuppressed(result: Obj): boolean {
  // An entry that is no object records no suppression (FC-FORMAT-SARIF-6).
  const s = arr(result.suppressions).filter(isRecord);
  if (s.length === 0) return false;
  return !s.some((x) => {
    const status = str(obj(x).status);
    return status === "rejected" || status === "underReview";
  });
}

export function parseSarif(json: unknown, ctx: ParseContext): ParseOutcome {
  const out = emptyOutcome();
  for (const runValue of arr(obj(json).runs)) {
    const run = obj(runValue);
    const driver = obj(obj(run.tool).driver);
    const driverName = str(driver.name) ?? "sarif";
    // gcc 13+ names its driver after the language (`GNU C17`, `GNU C++17`): its findings are gcc's, named
    // as in its text and JSON output, and a result without a rule id is named after its level.
    const gnu = /^GNU (?:C|C\+\+|Objective-C|Objective-C\+\+|Fortran|D|Go|Ada|Modula-2|Rust)\d*(?:\s|$)/.test(
      driverName,
    );
    const tool = gnu ? "gcc" : driverName.toLowerCase().replace(/[^a-z0-9._-]+/g, "-");
    const rules = arr(driver.rules).map(obj);
    const byId = new Map<string, Obj>();
    for (const r of rules) if (str(r.id)) byId.set(str(r.id)!, r);
    for (const resultValue of arr(run.results)) {
      const result = obj(resultValue);
      const kind = str(result.kind) ?? "fail";
      // Results that record a passed or inapplicable check are not failures.
      if (kind === "pass" || kind === "notApplicable") continue;
      if (isSuppressed(result)) continue;
      const ruleRef = obj(result.rule);
      const index = int(result.ruleIndex) ?? int(ruleRef.index);
      const ruleId =
        str(result.ruleId) ?? str(ruleRef.id) ?? (index !== undefined ? str(rules[index]?.id) : undefined);
      const rule =
        (ruleId !== undefined ? byId.get(ruleId) : undefined) ??
        (index !== undefined ? rules[index] : undefined) ??
        {};
      const level =
        str(result.level) ??
        str(obj(rule.defaultConfiguration).level) ??
        (kind === "fail" ? "warning" : "note");
      const severity = LEVEL[level] ?? "warning";
      if (severity === "error") out.failed = true;
      const fallbackRule = gnu ? level : "result";
      const related = arr(result.locations)
        .slice(1)
        .concat(arr(result.relatedLocations))
        .map((l) => {
          const r = locationOf(run, [l], ctx);
          const m = str(obj(obj(l).message).text);
          return r ? `${r.path}${r.startLine ? `:${r.startLine}` : ""}${m ? `: ${m}` : ""}` : "";
        })
        .filter((s) => s !== "");
      out.findings.push(
        finding(
          ruleName(tool, ruleId ?? fallbackRule),
          locationOf(run, result.locations, ctx),
          messageOf(obj(result.message), rule, driver),
          severity,
          related.length > 0 ? related.join("\n") : null,
        ),
      );
    }
    for (const invValue of arr(run.invocations)) {
      const inv = obj(invValue);
      if (inv.executionSuccessful === false) out.failed = true;
      const notes = arr(inv.toolConfigurationNotifications).concat(arr(inv.toolExecutionNotifications));
      for (const nValue of notes) {
        const n = obj(nValue);
        const level = str(n.level) ?? "warning";
        const severity = LEVEL[level] ?? "warning";
        const id = str(obj(n.descriptor).id) ?? "notification";
        out.findings.push(
          finding(
            ruleName(tool, id),
            locationOf(run, n.locations, ctx),
            messageOf(obj(n.message), {}, driver),
            severity,
          ),
        );
      }
    }
  }
  return out;
}
