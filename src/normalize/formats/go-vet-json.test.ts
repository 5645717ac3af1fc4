// FC-FORMAT-GOVET-1, FC-STAGE1-RAW-2: `go vet -json` trees are sniffed and read, one finding per diagnostic.
import { describe, expect, it } from "vitest";
import { parseToolOutput, sniffFormat } from "../index.ts";
import { holdsGoVetTree, isGoVetTree } from "./go-vet-json.ts";

const ROOT = "/home/dev/work/app";

/** The tree the vet tool prints for one package (MarshalIndent with a tab), after the go command's header. */
function pkg(path: string, analyzers: Record<string, unknown>): string {
  return `# ${path}\n${JSON.stringify({ [path]: analyzers }, null, "\t")}\n`;
}

const calc = pkg("example.com/app/calc", {
  printf: [{ posn: `${ROOT}/calc/calc.go:6:2`, message: "fmt.Printf format %s has arg b of wrong type int" }],
});
const report = pkg("example.com/app/report", {
  copylocks: [
    {
      posn: `${ROOT}/report/report.go:14:7`,
      message: "assignment copies lock value to c: example.com/app/report.Store contains sync.Mutex",
      related: [{ posn: `${ROOT}/report/store.go:9:2`, message: "lock declared here" }],
    },
  ],
  unusedresult: { error: "analysis skipped: package has errors" },
});

const parse = (content: unknown, format?: string) =>
  parseToolOutput(format === undefined ? { content } : ({ format, content } as never), { repoRoot: ROOT });

describe("go vet -json", () => {
  it("is sniffed after other packages' output, however long", () => {
    const noise = Array.from({ length: 80 }, (_, i) => `# example.com/app/p${i}\n{}\n`).join("");
    expect(sniffFormat(noise + calc)).toBe("go-vet-json");
    expect(sniffFormat(`go: downloading example.com/dep v1.0.0\n${report}`)).toBe("go-vet-json");
  });

  it("gives one error per diagnostic, named after its analyzer, at its position", () => {
    const found = parse(`# example.com/app/clean\n{}\n${calc}${report}`);
    expect(found.map((f) => [f.rule, f.location, f.severity])).toEqual([
      ["vet:printf", { path: "calc/calc.go", startLine: 6 }, "error"],
      ["vet:copylocks", { path: "report/report.go", startLine: 14 }, "error"],
      ["vet:unusedresult", null, "error"],
    ]);
    expect(found[1]!.trace).toBe("report/store.go:9: lock declared here");
    expect(found[2]!.message).toBe("analyzer unusedresult failed: analysis skipped: package has errors");
  });

  it("reads the same under go-vet-json, go and a producer's name, and as a parsed tree", () => {
    const sniffed = parse(calc);
    for (const format of ["go-vet-json", "go-vet", "go", "govet"])
      expect(parse(calc, format)).toEqual(sniffed);
    const tree = JSON.parse(calc.slice(calc.indexOf("\n") + 1)) as unknown;
    expect(isGoVetTree(tree)).toBe(true);
    expect(parse(tree)).toEqual(sniffed);
    expect(parse(tree, "go")).toEqual(sniffed);
  });

  it("leaves a package's build errors to the text parsers", () => {
    const broken = "# example.com/app/broken\nvet: broken/broken.go:4:9: undefined: x\n";
    const found = parse(broken + calc);
    expect(found.map((f) => [f.rule, f.location])).toEqual([
      ["vet:printf", { path: "calc/calc.go", startLine: 6 }],
      ["go:error", { path: "broken/broken.go", startLine: 4 }],
    ]);
  });

  it("does not take other JSON for a tree", () => {
    expect(isGoVetTree({})).toBe(false);
    expect(isGoVetTree({ a: {} })).toBe(false);
    expect(isGoVetTree({ a: { b: [{ posn: "x.go:1:1" }] } })).toBe(false);
    expect(isGoVetTree({ a: { b: "text" } })).toBe(false);
    expect(isGoVetTree({ a: { b: [] } })).toBe(false);
    expect(holdsGoVetTree(["{", '\t"name": "x",', '\t"version": "1"', "}"])).toBe(false);
  });
});
