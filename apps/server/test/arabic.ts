/**
 * The check that nothing English reaches an Arabic e-mail, page or PDF (docs/decisions/0059): what is left of a text once
 * the values put in it (names, titles, links, numbers: people's content, exempt) and the few Latin words the Arabic
 * catalogue writes on purpose (the brand, the time zone, a file format, a payment provider) are taken out must hold no
 * Latin letter. Anything English is then a sentence or word that did not come from the Arabic catalogue.
 */
export const LATIN_IN_ARABIC_CATALOGUE = ['Cusp', 'UTC', 'CSV', 'Stripe', 'US$', 'USD'];

export function englishLeft(text: string, values: readonly string[]): string[] {
  let rest = text;
  // Longest first, so a value containing another is taken out whole.
  for (const value of [...values, ...LATIN_IN_ARABIC_CATALOGUE].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  rest = rest.replace(/https?:\/\/\S+/gu, ' ');
  return rest.match(/[A-Za-z][A-Za-z' -]*/gu)?.map((run) => run.trim()) ?? [];
}
