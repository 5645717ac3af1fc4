// Regenerates golden/expected from golden/cases with the reference compactor. Review the diff; never hand-edit.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { EXPECTED_DIR, goldenOutput, loadGoldenCases } from "./golden-lib.ts";

let changed = 0;
const cases = loadGoldenCases();
for (const c of cases) {
  const file = join(EXPECTED_DIR, c.path);
  const next = goldenOutput(c);
  let prev = "";
  try {
    prev = readFileSync(file, "utf8");
  } catch {}
  if (prev !== next) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, next);
    changed++;
    process.stdout.write(`updated ${c.path}\n`);
  }
}
process.stdout.write(
  `${cases.length} golden cases, ${changed} updated; review with 'git diff golden/expected'\n`,
);
