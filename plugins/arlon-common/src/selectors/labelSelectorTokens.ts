/**
 * The tokens of a label selector string, as k8s.io/apimachinery's lexer reads
 * them: whitespace separates, `= == != ! ( ) , > <` are symbols, and any other
 * run of characters is a word (`in` and `notin` are words too; the parser
 * decides where they are operators).
 */

export type LabelSelectorTokenKind =
  | 'word'
  | '!'
  | '!='
  | '='
  | '=='
  | '>'
  | '<'
  | '('
  | ')'
  | ','
  | 'end';

export interface LabelSelectorToken {
  kind: LabelSelectorTokenKind;
  text: string;
  /** Where the token starts in the selector string. */
  at: number;
}

const WHITESPACE = new Set([' ', '\t', '\r', '\n']);
const SYMBOLS = new Set(['=', '!', '(', ')', ',', '>', '<']);
// The two-character symbols; the lexer takes the longest symbol it can.
const PAIRS = new Set(['!=', '==']);

/** Splits a selector into tokens, ending with one `end` token. */
export function labelSelectorTokens(text: string): LabelSelectorToken[] {
  const tokens: LabelSelectorToken[] = [];
  let i = 0;
  for (;;) {
    // Past the end text[i] is undefined, which is no whitespace.
    while (WHITESPACE.has(text[i])) i++;
    const at = i;
    if (i >= text.length) {
      tokens.push({ kind: 'end', text: '', at });
      return tokens;
    }
    if (SYMBOLS.has(text[i])) {
      const pair = text.slice(i, i + 2);
      const symbol = PAIRS.has(pair) ? pair : text[i];
      i += symbol.length;
      tokens.push({ kind: symbol as LabelSelectorTokenKind, text: symbol, at });
    } else {
      while (
        i < text.length &&
        !SYMBOLS.has(text[i]) &&
        !WHITESPACE.has(text[i])
      )
        i++;
      tokens.push({ kind: 'word', text: text.slice(at, i), at });
    }
  }
}
