// FC-MATRIX-6: the spec's requirement texts for the matrix page, read at the edge (spec/*.md, by the one parser).
import { fileURLToPath } from "node:url";
import { relative, sep } from "node:path";
import { specRequirements } from "../runner/lint.ts";
import { PACKAGE_ROOT } from "../runner/matrix.ts";
import type { RequirementText } from "./matrix-page.ts";

const SPEC_DIR = fileURLToPath(new URL("../../spec/", import.meta.url));

/** Every requirement of spec/*.md with its class, its file (relative to the package root), line and text. */
export function specRequirementTexts(specDir: string = SPEC_DIR): Map<string, RequirementText> {
  const out = new Map<string, RequirementText>();
  for (const [id, r] of specRequirements(specDir).requirements)
    out.set(id, {
      class: r.class,
      file: relative(PACKAGE_ROOT, r.file).split(sep).join("/"),
      line: r.line,
      text: r.text,
    });
  return out;
}
