// FC-WB-1: the workbench page's script — the engine for the page and for tests, the views when there is a page.
export * from "./engine.ts";
