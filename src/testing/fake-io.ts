// Test support: an in-memory CliIo that records what the CLI writes.
import type { CliIo } from "../cli/io.ts";

export interface FakeIo extends CliIo {
  out: string[];
  err: string[];
}

export function fakeIo(
  stdin = "",
  env: Record<string, string | undefined> = {},
  where: { isTTY?: boolean; cwd?: string } = {},
): FakeIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => {
      out.push(t);
    },
    stderr: (t) => {
      err.push(t);
    },
    readStdin: async () => stdin,
    isTTY: where.isTTY ?? false,
    env,
    cwd: where.cwd ?? process.cwd(),
  };
}
