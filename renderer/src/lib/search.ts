/**
 * The lists' filter language (README "Lists", docs/ui-contract.md "Search"), one for every list:
 *
 * - terms are separated by spaces and every term must match (AND); a term matches an id with or
 *   without `0x`, in any case, by any substring of its 8 hex digits, or a row's text (SoundTables:
 *   label; Waves: format name, rate, channels, bits…), or a sound type (SoundTables: the ones they
 *   define; Waves: the ones that play them) by a part of its name of 2 or more characters
 *   (`wound` → Wound1, Wound2) or by its whole value (`12` or `0x0C` → Wound1, never 112 or 0x12):
 *   a sound type is not in the row, so the row shows the ones that matched ({@link soundTypesNamed});
 * - a term starting with `-` excludes the rows it matches (`-mp3`); a lone `-` is ignored;
 * - in regular-expression mode each term is a case-insensitive JavaScript regular expression,
 *   tested against the id (`0x0a00012f`) and each text of the row; an invalid one is left out of
 *   the filter and reported in {@link SearchQuery.error} (never thrown);
 * - a list of two or more full ids (8 hex digits, `0x` optional, separated by spaces, commas,
 *   semicolons or new lines — what a pasted column looks like) is an id list: any of them (OR).
 */

export interface SearchOptions {
  /** Each term is a regular expression (the search box's "Regular expression" toggle). */
  regex?: boolean;
}

/** One term of a query: its lower-case text, whether it excludes, and its regular expression (regex mode). */
export interface SearchTerm {
  text: string;
  negate: boolean;
  re: RegExp | null;
}

export interface SearchQuery {
  /** Every term must match (a negated one must not). */
  terms: SearchTerm[];
  /** An id list (two or more full ids): the rows with one of these ids, and nothing else applies. */
  idList: ReadonlySet<number> | null;
  /** Why a term was left out, in plain words (an invalid regular expression), or null. */
  error: string | null;
}

const FULL_ID = /^(?:0x)?([0-9a-f]{8})$/i;

/**
 * The ids of a pasted or typed id list ("0x0A000012, 0A000013\n20000001"), in order and without
 * repeats, or null when the text is not two or more full ids and separators.
 */
export function parseIdList(text: string): number[] | null {
  const tokens = text.split(/[\s,;|]+/).filter((t) => t.length > 0);
  if (tokens.length < 2) return null;
  const out: number[] = [];
  for (const t of tokens) {
    const m = FULL_ID.exec(t);
    if (!m) return null;
    const id = parseInt(m[1]!, 16) >>> 0;
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** A regular expression's complaint without the engine's prefix: "Unterminated character class". */
function regexProblem(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  const i = msg.lastIndexOf(': ');
  return i >= 0 ? msg.slice(i + 2) : msg;
}

export function parseQuery(text: string, options: SearchOptions = {}): SearchQuery {
  const ids = parseIdList(text);
  if (ids) return { terms: [], idList: new Set(ids), error: null };
  const terms: SearchTerm[] = [];
  const problems: string[] = [];
  for (const raw of text.trim().split(/\s+/)) {
    if (raw.length === 0) continue;
    const negate = raw.startsWith('-') && raw.length > 1;
    if (raw === '-') continue;
    const body = negate ? raw.slice(1) : raw;
    let re: RegExp | null = null;
    if (options.regex) {
      try {
        re = new RegExp(body, 'i');
      } catch (e) {
        problems.push(`“${body}” is not a valid regular expression (${regexProblem(e)})`);
        continue;
      }
    }
    terms.push({ text: body.toLowerCase(), negate, re });
  }
  return { terms, idList: null, error: problems.length > 0 ? problems.join('; ') : null };
}

/** True when the query filters anything (terms or an id list). */
export function queryFilters(q: SearchQuery): boolean {
  return q.terms.length > 0 || q.idList !== null;
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

/**
 * True if a term (read positively) names an id whole — how a row matches an id it does not show
 * (a creature's MotionTable and Animations): its 8 hex digits with or without `0x`, in any case,
 * or `0x` + its value (`0x3000112`); never a part of it (`12` is not 0x03000112, `0x0c` is not
 * 0x030000C0). In regular-expression mode: the expression tested against `0x` + its 8 digits.
 */
export function termNamesId(term: SearchTerm, id: number): boolean {
  if (term.re) return term.re.test(`0x${idDigits(id)}`);
  const m = /^(0x)?([0-9a-f]+)$/.exec(term.text);
  if (!m) return false;
  const digits = m[2]!;
  if (m[1] === undefined) return digits.length === 8 && digits === idDigits(id);
  return digits.length <= 8 && parseInt(digits, 16) >>> 0 === id >>> 0;
}

/** A sound type as search sees it: its name (`Wound1`) and value (12). */
export interface SearchSoundType {
  name: string;
  soundType: number;
}

/**
 * True if a term (read positively) names a sound type: a part of its name of 2 or more
 * characters (one letter would name nearly every cue), or its whole value in decimal (`12`) or hex
 * (`0x0c`, `0xc`) — never a part of it (`12` is not 112, nor 0x12 = 18). In regular-expression
 * mode: the expression tested against the name, `0x0c` and `12`.
 */
export function termNamesSoundType(term: SearchTerm, s: SearchSoundType): boolean {
  const hex = `0x${s.soundType.toString(16).padStart(2, '0')}`;
  if (term.re) return term.re.test(s.name) || term.re.test(hex) || term.re.test(String(s.soundType));
  const t = term.text;
  if (t.length >= 2 && s.name.toLowerCase().includes(t)) return true;
  if (/^\d+$/.test(t)) return Number(t) === s.soundType;
  return /^0x[0-9a-f]+$/.test(t) && parseInt(t.slice(2), 16) === s.soundType;
}

/** The sound types of `sounds` that a positive term of the query names ({@link termNamesSoundType}), in their order. */
export function soundTypesNamed<S extends SearchSoundType>(query: SearchQuery, sounds: readonly S[]): S[] {
  const terms = query.terms.filter((t) => !t.negate);
  if (terms.length === 0) return [];
  return sounds.filter((s) => terms.some((t) => termNamesSoundType(t, s)));
}

/** True if a term (read positively) matches a text (already lower-case): a part of it, or its regular expression. */
export function termMatchesText(term: SearchTerm, text: string): boolean {
  return term.re ? term.re.test(text) : text.includes(term.text);
}

/** True if a term (read positively, before any `-`) matches the id or one of the texts (already lower-case). */
export function termMatches(term: SearchTerm, id: number, haystacks: readonly string[]): boolean {
  if (term.re ? term.re.test(`0x${idDigits(id)}`) : termMatchesId(term.text, id)) return true;
  return haystacks.some((h) => termMatchesText(term, h));
}

/**
 * The query's verdict on one row: its id (and the id list), its texts (already lower-case) and
 * the sound types it defines or plays ({@link termNamesSoundType}).
 */
export function matches(
  query: SearchQuery,
  id: number,
  haystacks: readonly string[],
  soundTypes: readonly SearchSoundType[] = [],
): boolean {
  if (query.idList) return query.idList.has(id >>> 0);
  for (const term of query.terms) {
    const hit = termMatches(term, id, haystacks) || soundTypes.some((s) => termNamesSoundType(term, s));
    if (hit === term.negate) return false;
  }
  return true;
}

/** Ids one per line, `0x` + 8 uppercase hex digits: what Ctrl+C in a list puts on the clipboard. */
export function idLines(ids: readonly number[]): string {
  return ids.map((id) => `0x${(id >>> 0).toString(16).toUpperCase().padStart(8, '0')}`).join('\n');
}
