#!/usr/bin/env node
// Entry shim: registers the TypeScript loader, then hands over to the CLI.
import { register } from "tsx/esm/api";

register();
const { runCli } = await import("./main.ts");
runCli();
