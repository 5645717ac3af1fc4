// FC-CASE-13: the generators `npm run regen` runs, each computing the files it owns (path → text) in memory.
import { join } from "node:path";
import { authoredAreas, buildDocs, fileOf, formatJson } from "../conformance/tools/write-compact-cases.ts";
import {
  OWNED_AREAS,
  REDACTION_DIR,
  redactionCaseFiles,
} from "../conformance/tools/write-redaction-cases.ts";
import {
  STAGE1_BREADTH_DIR,
  stage1BreadthCaseFiles,
} from "../conformance/tools/write-stage1-breadth-cases.ts";
import { STAGE1_CUT_DIR, stage1CutCaseFiles } from "../conformance/tools/write-stage1-cut-cases.ts";
import {
  STAGE1_ODD_JSON_DIR,
  stage1OddJsonCaseFiles,
} from "../conformance/tools/write-stage1-odd-json-cases.ts";
import {
  STAGE1_FIXTURE_DIR,
  stage1FixtureCaseFiles,
} from "../conformance/tools/write-stage1-fixture-cases.ts";
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

/**
 * A generator that runs real tools (installing them with apt-get or npm into .tmp/) and writes recordings itself.
 * It runs only with `--with-tools`: its output depends on the tools' versions, so `--check` cannot re-make it.
 */
export interface Recorder {
  name: string;
  describes: string;
  /** argv run from the repository root. */
  command: string[];
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

const stage1Truth: Generator = {
  name: "stage1-truth",
  describes: "src/normalize/fixtures/breadth/**/*.expected.json from each recording's own structured output",
  owns: [{ dir: join(ROOT, "src/normalize/fixtures/breadth"), keep: (n) => n.endsWith(".expected.json") }],
  async generate() {
    const { stage1TruthFiles } = await import("./regen-stage1-fixtures-truth.ts");
    return stage1TruthFiles();
  },
};

const redactionCases: Generator = {
  name: "redaction-cases",
  describes:
    "conformance/cases/redaction/<area>/*.json from spec/rules/ and conformance/tools/redaction-cases/",
  owns: OWNED_AREAS.map((area) => ({ dir: join(REDACTION_DIR, area), keep: json })),
  async generate() {
    return redactionCaseFiles();
  },
};

const stage1BreadthCases: Generator = {
  name: "stage1-breadth-cases",
  describes:
    "conformance/cases/compact/stage1-breadth/*.json from the breadth recordings and their truth files",
  owns: [{ dir: STAGE1_BREADTH_DIR, keep: json }],
  async generate() {
    return stage1BreadthCaseFiles();
  },
};

const stage1FixtureCases: Generator = {
  name: "stage1-fixture-cases",
  describes:
    "conformance/cases/compact/stage1-fixtures/*.json: the format fixtures of src/normalize/fixtures/, from their expected files",
  owns: [{ dir: STAGE1_FIXTURE_DIR, keep: json }],
  async generate() {
    return stage1FixtureCaseFiles();
  },
};

const stage1OddJsonCases: Generator = {
  name: "stage1-odd-json-cases",
  describes:
    "conformance/cases/compact/stage1-odd-json/*.json: the JSON recordings with an odd element appended to every array",
  owns: [{ dir: STAGE1_ODD_JSON_DIR, keep: json }],
  async generate() {
    return stage1OddJsonCaseFiles();
  },
};

const stage1CutCases: Generator = {
  name: "stage1-cut-cases",
  describes:
    "conformance/cases/compact/stage1-cut/*.json: the Stage 1 recordings cut short, from their expected files",
  owns: [{ dir: STAGE1_CUT_DIR, keep: json }],
  async generate() {
    return stage1CutCaseFiles();
  },
};

export const GENERATORS: Generator[] = [
  golden,
  compactCases,
  redactionCases,
  reportFixtures,
  stage1Truth,
  stage1BreadthCases,
  stage1FixtureCases,
  stage1CutCases,
  stage1OddJsonCases,
];

/** Real-tool recordings (Stage 1), run by `npm run regen -- --with-tools`, before the generators. */
export const RECORDERS: Recorder[] = [
  {
    name: "stage1-recordings",
    describes:
      "src/normalize/fixtures/<format>/: real output of tsc, eslint, jest, gcc, cargo, go, pytest, …",
    command: ["bash", "scripts/regen-stage1-fixtures.sh"],
  },
  {
    name: "stage1-breadth",
    describes:
      "src/normalize/fixtures/breadth/: clang, go, pylint, flake8, mypy, shellcheck, stylelint, … (apt, npm)",
    command: ["bash", "scripts/regen-stage1-fixtures-breadth.sh"],
  },
];
