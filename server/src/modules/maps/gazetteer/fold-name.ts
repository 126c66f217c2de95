/** Letters NFKD does not split into a base letter and a mark. */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ə: 'e',
};

/** Abbreviations people type in place names ("St. Petersburg", "Ste-Foy", "Mt. Vernon"). */
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', sts: 'saints', mt: 'mount', ft: 'fort' };

/**
 * The form two spellings of a place name share: no accents, no case, apostrophes dropped
 * ("N'Djamena" = "Ndjamena"), any other punctuation a single space, and the common English
 * abbreviations spelt out. Applied to the data and to what members type alike.
 */
export function foldName(text: string): string {
  // Most names are plain ASCII words: lower case is all they need. Only a string toLowerCase has
  // copied is returned as is: a substring of the data file would keep the whole file on the heap.
  const lower = text.toLowerCase();
  if (lower !== text && SIMPLE_WORDS.test(lower) && !HAS_ABBREVIATION.test(lower)) return lower;
  // The other ASCII names skip the Unicode steps, which cost most of the index's build time.
  const words = (ASCII.test(text) ? asciiWords(text) : unicodeWords(text)).filter((word) => word !== '');
  return words.map((word) => ABBREVIATIONS[word] ?? word).join(' ');
}

/** Whether a name may be written in the Latin alphabet: Basic Latin, Latin-1, Latin Extended A/B and Additional. */
export function mayBeLatin(text: string): boolean {
  return !NOT_LATIN.test(text);
}

const ASCII = /^[\x20-\x7e]*$/;
const SIMPLE_WORDS = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
const HAS_ABBREVIATION = /(?:^| )(?:st|ste|sts|mt|ft)(?: |$)/;
const NOT_LATIN = /[^\u0020-\u024f\u0259\u02b0-\u036f\u1e00-\u1eff\u2018-\u2019]/;

/** The ASCII fast path, by hand: the regular expressions it replaces cost a third of the build. */
function asciiWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) word += text[i];
    else if (code >= 65 && code <= 90) word += String.fromCharCode(code + 32);
    else if (code === 39 || code === 96) continue;
    else if (word !== '') {
      words.push(word);
      word = '';
    }
  }
  if (word !== '') words.push(word);
  return words;
}

function unicodeWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħə]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter)
    .replace(/['’‘ʻʼ`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u);
}

/** Whether a folded name is in the Latin alphabet (or digits): the script the index keeps for alternate names. */
export function isLatinFolded(folded: string): boolean {
  return /^[a-z0-9 ]+$/.test(folded) && /[a-z]/.test(folded);
}
