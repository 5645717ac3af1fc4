// FC-REQ-1, FC-REQ-7: the one-round compact request the redaction cases plant their texts in.

export type Json = Record<string, unknown>;

/** A finding that carries a planted text. */
export interface PlantedFinding {
  /** The finding's id; absent: the request supplies none and the implementation computes it (FC-ID-1). */
  id?: string;
  text: string;
  /** Where the text goes; default: the message, or the trace when it is longer than a message is kept. */
  field?: "message" | "trace" | "rule" | "path";
}

/** Messages are kept to 400 characters and traces to 800 by the reference (FC-TRIM-1): a planted text stays below. */
const MESSAGE_ROOM = 380;

export interface RequestOptions {
  repoRoot?: string;
  ref?: string;
  notes?: string;
}

/** One failing round whose findings hold the planted texts (each finding at its own line of src/app.ts). */
export function oneRoundRequest(findings: PlantedFinding[], opts: RequestOptions = {}): Json {
  return {
    taskSpec: { goal: "make the test suite pass" },
    canonicalState: {
      ref: opts.ref ?? "tree-5e1d",
      ...(opts.repoRoot !== undefined ? { repoRoot: opts.repoRoot } : {}),
    },
    rounds: [
      {
        index: 1,
        ts: "2026-11-30T10:01:00Z",
        workerTrace: [{ tool: "bash", output: "npm test" }],
        verifierVerdict: {
          status: "fail",
          notes: opts.notes ?? "",
          findings: findings.map((f, i) => plant(f, i)),
        },
      },
    ],
  };
}

function plant(f: PlantedFinding, i: number): Json {
  const field = f.field ?? (f.text.length > MESSAGE_ROOM ? "trace" : "message");
  const out: Json = {};
  if (f.id !== undefined) out.id = f.id;
  out.rule = field === "rule" ? f.text : "test:redaction";
  out.location = { path: field === "path" ? f.text : "src/app.ts", startLine: i + 1 };
  out.message = field === "message" ? f.text : "assertion failed";
  out.severity = "error";
  if (field === "trace") out.trace = f.text;
  return out;
}
