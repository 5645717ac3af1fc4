// FC-CLI-4: reading a JSON document from a file or standard input, with typed errors that echo no content.
import { readFileSync } from "node:fs";
import { type FcError, type Result, err, ok } from "../errors.ts";
import type { CliIo } from "./io.ts";

export const MAX_INPUT_BYTES = 512 * 1024 * 1024;

export async function readJson(
  source: string,
  io: CliIo,
  badCode: FcError["code"],
): Promise<Result<unknown>> {
  let text: string;
  try {
    text = source === "-" ? await io.readStdin() : readFileSync(source, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "unknown";
    return err("IO", `cannot read ${source === "-" ? "standard input" : "the input file"} (${code})`);
  }
  if (text.trim() === "") return err(badCode, "the input is empty; expected one JSON document");
  try {
    return ok(JSON.parse(text));
  } catch {
    return err(badCode, "the input is not valid JSON");
  }
}
