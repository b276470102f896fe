/**
 * Search matching for the lists. Ids match with or without `0x`, in any case, and by any
 * substring of their 8 hex digits; SoundTables also match their label and the names/values of
 * their sound types (when known); Waves match their format name.
 */

export interface SearchQuery {
  /** Lower-case terms; every term must match (AND). */
  terms: string[];
}

export function parseQuery(text: string): SearchQuery {
  return {
    terms: text
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .filter((t) => t.length > 0),
  };
}

/** Lower-case hex digits of an id, 8 wide: "0a00012f". */
export function idDigits(id: number): string {
  return (id >>> 0).toString(16).padStart(8, '0');
}

/** True if one term matches an id: "0x0A00012F", "0a00012f", "12f", "0x12F" (suffix). */
export function termMatchesId(term: string, id: number): boolean {
  const digits = idDigits(id);
  let t = term;
  if (t.startsWith('0x')) {
    t = t.slice(2);
    if (t.length === 0) return true;
    if (!/^[0-9a-f]+$/.test(t)) return false;
    // "0x12F" means the number 0x12F when short, or a prefix of the 8 digits when 8 long.
    if (t.length >= 8) return digits === t.slice(-8).padStart(8, '0');
    return digits.includes(t);
  }
  return /^[0-9a-f]+$/.test(t) && digits.includes(t);
}

/** Matches a term against a list of text haystacks (already lower-case) and an id. */
export function matches(query: SearchQuery, id: number, haystacks: readonly string[]): boolean {
  for (const term of query.terms) {
    if (termMatchesId(term, id)) continue;
    let hit = false;
    for (const h of haystacks) {
      if (h.includes(term)) {
        hit = true;
        break;
      }
    }
    if (!hit) return false;
  }
  return true;
}

/** Sound type names and values as searchable text: "footstep1 0x37 55". */
export function soundTypeHaystack(name: string, value: number): string {
  return `${name.toLowerCase()} 0x${value.toString(16).padStart(2, '0')} ${value}`;
}
