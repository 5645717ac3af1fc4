// FC-REDACT-SENSITIVE-12: literal alternations shaped as a trie, so one regex scan tests many needles cheaply.

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
}

type Trie = Map<string, Trie>;

/** Alternation of literals shaped as a trie (shared prefixes factored out), which V8 scans faster. */
export function trieSource(words: string[]): string {
  const root: Trie = new Map();
  for (const w of words) {
    let node = root;
    for (const ch of w) {
      let next = node.get(ch);
      if (!next) {
        next = new Map();
        node.set(ch, next);
      }
      node = next;
    }
    node.set("", new Map());
  }
  const emit = (node: Trie): string => {
    if (node.has("")) return ""; // a shorter needle already suffices
    const alts = [...node].map(([c, sub]) => escapeRe(c) + emit(sub));
    return alts.length === 1 ? (alts[0] ?? "") : `(?:${alts.join("|")})`;
  };
  return emit(root);
}
