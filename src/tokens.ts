// FC-RENDER-2: the token counter the core is given; its lifecycle (loading, freeing) lives at the edge.
export interface Tokenizer {
  /** Number of o200k_base tokens in `text`, counting special-token text as ordinary text. */
  count(text: string): number;
}
