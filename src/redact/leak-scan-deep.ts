// FC-LEAK-4: the deep leak scan at the edge — secretlint's recommended preset on a de-noised copy of the text.
import type { LeakHit } from "./placeholders.ts";

/*
 * secretlint is asynchronous and slower than the synchronous scanner, so the pure pipeline does not call it; the
 * CLI (and any other edge that emits bytes) awaits this before writing. Known traps handled here:
 *  - the filter-comments rule would let text inside the scanned content ("secretlint-disable") switch rules off:
 *    it is left out of the preset, so in-text directives disable nothing;
 *  - a token right after an ANSI colour code is missed: colour codes and zero-width characters are stripped first;
 *  - AWS access key ids are off by default in the AWS rule: they are switched on.
 * Hits name the rule id only; secretlint's messages (which quote the match) are never passed on.
 */

type Linter = (content: string) => Promise<string[]>;
let linter: Promise<Linter> | null = null;

async function load(): Promise<Linter> {
  const core = await import("@secretlint/core");
  const preset = await import("@secretlint/secretlint-rule-preset-recommend");
  const rules = preset.rules.filter((r) => !String(r.meta.id).includes("filter-comments"));
  const config = {
    rules: rules.map((rule) => ({
      id: String(rule.meta.id),
      rule,
      options: String(rule.meta.id).endsWith("-aws") ? { enableIDScanRule: true } : {},
    })),
  };
  return async (content: string) => {
    const result = await core.lintSource({
      source: { content, filePath: "/compacted-feedback-log.txt", ext: ".txt", contentType: "text" },
      options: { config: config as never, noPhysicFilePath: true },
    });
    return result.messages.map((m) => String(m.ruleId));
  };
}

const NOISE = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]{0,256}\x07|[\u200b-\u200f\u2060\ufeff\u00ad]/g;

/** secretlint (recommended preset, minus in-text filters) over the text; resolves to the rules that fired. */
export async function scanForLeaksDeep(text: string): Promise<LeakHit[]> {
  linter ??= load();
  const lint = await linter;
  const cleaned = text.replace(NOISE, "");
  const ids = new Set(await lint(cleaned));
  return [...ids].sort().map((detector) => ({ detector }));
}
