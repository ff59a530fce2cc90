/** Text from people (a title) or another script (an amount) kept whole inside a sentence in either direction (U+2068 ... U+2069). */
export const isolate = (text: string) => `\u2068${text}\u2069`;
