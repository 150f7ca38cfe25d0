/**
 * What a commit preview sends in place of each secret of a template's form:
 * the real ones stay in the browser until the real run. Actions that would
 * read a secret in their dry run recognise it and check the rest.
 */
export const WITHHELD_SECRET = '(withheld from the preview)';
