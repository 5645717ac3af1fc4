// FC-CASE-13: the generators `npm run regen` runs, each computing the files it owns (path → text) in memory.
import { join } from "node:path";
import { authoredAreas, buildDocs, fileOf, formatJson } from "../conformance/tools/write-compact-cases.ts";
import { EXPECTED_DIR, goldenOutput, loadGoldenCases } from "./golden-lib.ts";

const ROOT = join(import.meta.dirname, "..");

export type GeneratedFiles = Map<string, string>;

export interface Generator {
  /** Short name for `--only`. */
  name: string;
  /** What it writes, from what (for `--list`). */
  describes: string;
  /** The folders it owns: a file there that it no longer generates is stale (removed by regen). */
  owns: { dir: string; keep: (fileName: string) => boolean }[];
  /** Why it cannot run on this machine (a missing tool), or undefined. */
  unavailable?: () => string | undefined;
  generate(opts: { repin: boolean }): Promise<GeneratedFiles>;
}

const json = (name: string) => name.endsWith(".json");

const golden: Generator = {
  name: "golden",
  describes: "golden/expected/**: the reference's log for every golden/cases file",
  owns: [{ dir: EXPECTED_DIR, keep: json }],
  async generate() {
    return new Map(loadGoldenCases().map((c) => [join(EXPECTED_DIR, c.path), goldenOutput(c)]));
  },
};

const compactCases: Generator = {
  name: "compact-cases",
  describes: "conformance/cases/compact/<area>/*.json from conformance/tools/compact-cases/*.ts",
  owns: authoredAreas().map((area) => ({ dir: join(ROOT, "conformance/cases/compact", area), keep: json })),
  async generate({ repin }) {
    return new Map((await buildDocs({ repin })).map((d) => [fileOf(d), `${formatJson(d)}\n`]));
  },
};

const reportFixtures: Generator = {
  name: "report-fixtures",
  describes:
    "conformance/report/fixtures/**: real runs of the reference edited into a pretend implementation",
  owns: [{ dir: join(ROOT, "conformance/report/fixtures"), keep: (n) => json(n) || n === "README.md" }],
  async generate() {
    const { reportFixtureFiles } = await import("../conformance/report/fixtures/regen.ts");
    return reportFixtureFiles();
  },
};

export const GENERATORS: Generator[] = [golden, compactCases, reportFixtures];
