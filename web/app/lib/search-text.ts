/**
 * The words of a search term, lower-cased. Each word must appear somewhere in an item, so
 * "passrole lambda" finds an article that names both, in any field and any order; a
 * one-word term is a plain case-insensitive substring match.
 */
export function searchWords(term: string): string[] {
  return term.toLowerCase().split(/\s+/).filter(Boolean);
}

/** True when every word occurs in one of the fields (case-insensitive). */
export function matchesAllWords(words: readonly string[], fields: readonly string[]): boolean {
  if (words.length === 0) return true;
  // A newline between fields stops a word from matching across two of them.
  const haystack = fields.join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
