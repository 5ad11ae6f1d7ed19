/**
 * The rules engine's text helpers: how the client's words are folded into descriptions, listed, matched and
 * counted. Shared by every capability module.
 */
const MAX_FOLDED_TEXT = 1_500;

/** The client's text, trimmed, on one paragraph and bounded, so one long answer cannot swamp a description. */
export const folded = (text: string | undefined): string => {
  const clean = (text ?? "").trim().replace(/\s*\n\s*/g, " ");
  return clean.length > MAX_FOLDED_TEXT ? `${clean.slice(0, MAX_FOLDED_TEXT - 1).trimEnd()}…` : clean;
};

export const listOf = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** The first letter in lower case, unless the first word is an acronym or a name in capitals ("AI", "CRM"). */
export const lowerFirst = (text: string) => (/^[A-Z](?:[a-z]|\s)/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** Rounds to the 0.5-hour step estimates are given in, never below one step. */
export const hoursOf = (value: number) => Math.max(0.5, Math.round(value * 2) / 2);

/** Values of a list in catalogue order first, then any others alphabetically, each once (ignoring case). */
export function inCatalogueOrder(values: readonly string[], catalogue: readonly string[]): string[] {
  const seen = new Set<string>();
  const distinct = values
    .map((value) => value.trim())
    .filter((value) => {
      const key = value.toLowerCase();
      if (value === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const known = catalogue.filter((option) => distinct.includes(option));
  const others = distinct.filter((value) => !catalogue.includes(value)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...known, ...others];
}

/** A user category's singular ("Doctors" → "Doctor", "Businesses" → "Business", "Staff" → "Staff"). */
export function singular(category: string): string {
  const word = category.trim();
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|ch|sh|x)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from has have how i in is it its may must of on or our should so than that the their them then there these they this to we what when where which who will with would you your".split(
    " ",
  ),
);

/** The content words of a text (lower case, 3 letters or more, stop words and trailing plural s dropped). */
export const wordsOf = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
      .map((word) => word.replace(/(?<=[a-z]{3})s$/, "")),
  );
