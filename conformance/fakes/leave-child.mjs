// FC-CERT-7: starts a long-lived child process, records its pid in FAKE_PID_FILE, and never stops it itself.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { correct, serve } from "./lib.mjs";

const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
if (process.env.FAKE_PID_FILE) appendFileSync(process.env.FAKE_PID_FILE, `${child.pid}\n`);
serve({ onRequest: (msg) => correct(msg) });
