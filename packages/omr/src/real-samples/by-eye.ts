// Readings of the FormScanner sample scans made by eye (no expected answers ship with FormScanner), shared by the
// engine's real-sample test and the API measurement of cards made elsewhere.

/**
 * The Test sheets carry the student ID handwritten above its bubbles. On T00004 the second column holds two
 * marks (0 and 5, the handwriting says 0): `bubbles` is what the bubbles say, which must be shown to a person.
 */
export const FORMSCANNER_IDS: Record<string, { id: string; bubbles?: string }> = {
  'T00001.jpg': { id: '104556' },
  'T00002.jpg': { id: '245784' },
  'T00003.jpg': { id: '102344' },
  'T00004.jpg': { id: '205790', bubbles: '2055790' },
  'T00005.jpg': { id: '199733' },
};

/** The 40 answers of T00001 (questions 1 and 2 carry two marks each; the form allows several answers per question). */
export const T00001_ANSWERS = 'AB AC B C C D A D C B C A A B D C B A B D B C A D C D B A A B C C D A C A C B C A'.split(' ');

/**
 * The questionnaire's 5 scans: a single choice per question except `sources`; on Q00003 the `music` row carries
 * two marks (strongly agree and agree), which must be shown to a person.
 */
export const QUESTIONNAIRE: Record<string, Record<string, string>> = {
  'Q00001.jpg': { gender: 'M', age: '25-29', restaurants: '3-4', movies: 'strongly agree', music: 'agree', reading: 'disagree', sources: 'TV+internet+magazines' },
  'Q00002.jpg': { gender: 'M', age: '40-49', restaurants: '<1', movies: 'agree', music: 'disagree', reading: 'disagree', sources: 'TV+newspapers+radio' },
  'Q00003.jpg': { gender: 'F', age: '30-39', restaurants: '5-6', movies: 'agree', music: 'agree+strongly agree', reading: 'strongly agree', sources: 'TV+internet+newspapers' },
  'Q00004.jpg': { gender: 'F', age: '<25', restaurants: '1-2', movies: 'strongly agree', music: 'strongly agree', reading: 'strongly agree', sources: 'TV+internet' },
  'Q00005.jpg': { gender: 'F', age: '>=60', restaurants: '', movies: 'agree', music: 'disagree', reading: 'disagree', sources: 'TV+radio' },
};
