/**
 * The subset of Go templates ApplicationSets use: `{{ .a.b }}`, `{{- if eq .x "y" }}`
 * … `{{- else }}` … `{{- end }}`, with trim markers, pipelines (`{{ .x | toJson }}`)
 * and a few of the functions ArgoCD offers (Go's builtins and sprig's, minus
 * env, expandenv and getHostByName); and the older fasttemplate form `{{a.b}}`
 * when `goTemplate` is off. An unknown function is an error, as in Go.
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
    const close = actionEnd(text, open + 2);
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

/**
 * Where the action opened before `from` closes: the first `}}` outside a
 * quoted ("…", `…`) or rune ('…') literal, as Go's lexer finds it, so a
 * string such as `{{ "a}}b" }}` is one action. -1 when it never closes.
 */
function actionEnd(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    const c = text[j];
    if (c === '"' || c === "'" || c === '`') {
      const end = literalEnd(text, j);
      if (end < 0) return -1;
      j = end;
    } else if (c === '}' && text[j + 1] === '}') return j;
  }
  return -1;
}

/** The index of the quote closing the literal opened at `start` (backquoted strings have no escapes). */
function literalEnd(text: string, start: number): number {
  const quote = text[start];
  for (let j = start + 1; j < text.length; j++) {
    if (quote !== '`' && text[j] === '\\') j++;
    else if (text[j] === quote) return j;
  }
  return -1;
}

/**
 * Renders from `start` until an `else`/`end` at this depth; returns the text
 * and where it stopped. With `skip` it only finds the structure: as in Go, a
 * branch not taken is never evaluated, so it may name keys this element
 * lacks (missingkey=error applies only to what is executed).
 */
function renderTokens(
  tokens: Token[],
  start: number,
  params: Params,
  stopAt: string[],
  skip = false,
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
      const cond = !skip && truthy(evaluate(t.body.slice(3), params));
      const [thenText, thenEnd, stop] = renderTokens(
        tokens,
        i + 1,
        params,
        ['else', 'end'],
        skip || !cond,
      );
      let elseText = '';
      let end = thenEnd;
      if (stop === 'else') {
        const [text, elseEnd] = renderTokens(
          tokens,
          thenEnd + 1,
          params,
          ['end'],
          skip || cond,
        );
        elseText = text;
        end = elseEnd;
      }
      out += cond ? thenText : elseText;
      i = end + 1;
      continue;
    }
    if (!skip) out += String(evaluate(t.body, params));
    i++;
  }
  if (stopAt.length) throw new TemplateError(`missing {{ end }}`);
  return [out, i];
}

/**
 * The functions the sandbox knows, with Go's and sprig's behaviour. ArgoCD
 * has every sprig function but env, expandenv and getHostByName; these are
 * the ones Arlon's templates use, and the sandbox refuses the others
 * rather than guessing.
 */
const FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  eq: (a, ...b) => b.some(x => x === a),
  ne: (a, b) => a !== b,
  not: a => !truthy(a),
  toJson: v => goJson(v),
  quote: (...a) => a.map(x => JSON.stringify(goString(x))).join(' '),
  printf: (format, ...a) => sprintf(String(format), a),
  lower: s => goString(s).toLowerCase(),
  upper: s => goString(s).toUpperCase(),
};

/** A pipeline: commands separated by `|`, each one's result the last argument of the next. */
function evaluate(expr: string, params: Params): unknown {
  const words = expr.match(/"(?:[^"\\]|\\.)*"|\||[^\s|]+/g) ?? [];
  const commands: string[][] = [[]];
  for (const w of words) {
    if (w === '|') commands.push([]);
    else commands[commands.length - 1].push(w);
  }
  if (commands.some(c => c.length === 0))
    throw new TemplateError(`missing command in "${expr}"`);
  let piped: unknown[] = [];
  for (const [head, ...rest] of commands) {
    const fn = FUNCTIONS[head];
    if (fn) {
      piped = [fn(...rest.map(a => value(a, params)), ...piped)];
    } else {
      if (rest.length || piped.length)
        throw new TemplateError(
          /^[A-Za-z_]\w*$/.test(head)
            ? `function "${head}" not defined`
            : `can't give argument to non-function ${head}`,
        );
      piped = [value(head, params)];
    }
  }
  return piped[0];
}

/**
 * `encoding/json`'s Marshal, which sprig's toJson calls: map keys sorted,
 * and `<`, `>`, `&`, U+2028 and U+2029 escaped (Go escapes HTML by default).
 */
export function goJson(v: unknown): string {
  const sortKeys = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sortKeys);
    if (x && typeof x === 'object')
      return Object.fromEntries(
        Object.keys(x)
          .sort()
          .map(k => [k, sortKeys((x as Record<string, unknown>)[k])]),
      );
    return x;
  };
  return (JSON.stringify(sortKeys(v ?? null)) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function goString(v: unknown): string {
  return v === undefined || v === null ? '<no value>' : String(v);
}

/** Go's fmt verbs %s, %v, %d, %q and %%. */
function sprintf(format: string, args: unknown[]): string {
  let i = 0;
  return format.replace(/%([svdq%])/g, (_, verb) => {
    if (verb === '%') return '%';
    if (i >= args.length) return `%!${verb}(MISSING)`;
    const arg = args[i++];
    return verb === 'q' ? JSON.stringify(goString(arg)) : goString(arg);
  });
}

function value(arg: string, params: Params): unknown {
  if (arg.startsWith('"')) {
    try {
      return JSON.parse(arg);
    } catch {
      throw new TemplateError(`bad string literal ${arg}`);
    }
  }
  if (/^-?\d+$/.test(arg)) return Number(arg);
  if (arg === 'true' || arg === 'false') return arg === 'true';
  if (!arg.startsWith('.'))
    throw new TemplateError(`unsupported template argument "${arg}"`);
  let node: any = params;
  for (const key of arg.slice(1).split('.').filter(Boolean)) {
    if (
      node === null ||
      typeof node !== 'object' ||
      !Object.prototype.hasOwnProperty.call(node, key)
    ) {
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
