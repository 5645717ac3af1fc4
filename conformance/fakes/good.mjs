// FC-CERT-2: a well-behaved fake: answers every request correctly (the control group of the runner tests).
import { correct, serve } from "./lib.mjs";

serve({ onRequest: (msg) => correct(msg) });
