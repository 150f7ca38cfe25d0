/**
 * The subset of Go templates ApplicationSets use: `{{ .a.b }}`, `{{- if eq .x "y" }}`
 * … `{{- else }}` … `{{- end }}`, with trim markers; and the older
 * fasttemplate form `{{a.b}}` when `goTemplate` is off.
 */
export class TemplateError extends Error {}

type Params = Record<string, unknown>;

export function renderTemplate(
  text: string,
  params: Params,
  goTemplate: boolean,
): string {
  if (!goTemplate) {
    return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, path) => {
      const found = lookupFlat(params, path);
      return found === undefined ? whole : String(found);
    });
  }
  const tokens = tokenize(text);
  const [out] = renderTokens(tokens, 0, params, []);
  return out;
}

type Token = { kind: 'text'; text: string } | { kind: 'action'; body: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{{', i);
    if (open < 0) {
      tokens.push({ kind: 'text', text: text.slice(i) });
      break;
    }
    let before = text.slice(i, open);
    const close = text.indexOf('}}', open);
    if (close < 0) throw new TemplateError('unclosed action');
    let body = text.slice(open + 2, close);
    let next = close + 2;
    if (body.startsWith('-')) {
      before = before.replace(/\s+$/, '');
      body = body.slice(1);
    }
    if (body.endsWith('-')) {
      body = body.slice(0, -1);
      while (next < text.length && /\s/.test(text[next])) next++;
    }
    tokens.push(
      { kind: 'text', text: before },
      { kind: 'action', body: body.trim() },
    );
    i = next;
  }
  return tokens;
}

/** Renders from `start` until an `else`/`end` at this depth; returns the text and where it stopped. */
function renderTokens(
  tokens: Token[],
  start: number,
  params: Params,
  stopAt: string[],
): [string, number, string?] {
  let out = '';
  let i = start;
  while (i < tokens.length) {
    const t = tokens[i];
    if (t.kind === 'text') {
      out += t.text;
      i++;
      continue;
    }
    if (stopAt.includes(t.body)) return [out, i, t.body];
    if (t.body.startsWith('if ')) {
      const cond = truthy(evaluate(t.body.slice(3), params));
      const [thenText, thenEnd, stop] = renderTokens(tokens, i + 1, params, [
        'else',
        'end',
      ]);
      let elseText = '';
      let end = thenEnd;
      if (stop === 'else') {
        const [text, elseEnd] = renderTokens(tokens, thenEnd + 1, params, [
          'end',
        ]);
        elseText = text;
        end = elseEnd;
      }
      out += cond ? thenText : elseText;
      i = end + 1;
      continue;
    }
    out += String(evaluate(t.body, params));
    i++;
  }
  if (stopAt.length) throw new TemplateError(`missing {{ end }}`);
  return [out, i];
}

function evaluate(expr: string, params: Params): unknown {
  const args = expr.match(/"[^"]*"|\S+/g) ?? [];
  if (args[0] === 'eq' || args[0] === 'ne') {
    const [a, b] = args.slice(1, 3).map(arg => value(arg, params));
    return args[0] === 'eq' ? a === b : a !== b;
  }
  if (args.length !== 1)
    throw new TemplateError(`unsupported template expression "${expr}"`);
  return value(args[0], params);
}

function value(arg: string, params: Params): unknown {
  if (arg.startsWith('"')) return arg.slice(1, -1);
  if (!arg.startsWith('.'))
    throw new TemplateError(`unsupported template argument "${arg}"`);
  let node: any = params;
  for (const key of arg.slice(1).split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new TemplateError(`map has no entry for key "${key}" (in ${arg})`);
    }
    node = node[key];
  }
  return node;
}

function truthy(v: unknown): boolean {
  return !(v === false || v === undefined || v === null || v === '' || v === 0);
}

function lookupFlat(params: Params, path: string): unknown {
  if (path in params) return params[path];
  let node: any = params;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node;
}
