import { InputError } from '@backstage/errors';
import { isMap, parseAllDocuments, visit } from 'yaml';

/**
 * A kubeconfig reduced to what Arlon uses: one cluster reached over https,
 * trusted through its inline CA, as one user authenticated by a bearer token
 * or an inline client certificate. Nothing in it can make the portal run a
 * command, read a local file or go through a proxy.
 *
 * @public
 */
export interface WorkloadKubeconfig {
  /** `https://host[:port][/path]`, normalised (an IPv4 spelled in decimal, octal or hex is written as a.b.c.d). */
  server: string;
  /** Where `server` came from, for messages: `clusters[0].cluster.server`. */
  serverField: string;
  /** Base64 PEM of the CA that signs the server's certificate. */
  caData: string;
  /** The name to check the server's certificate against, when it is not the server's host. */
  tlsServerName?: string;
  /** How to authenticate: a bearer token, or a client certificate and key (never exec or an auth provider). */
  user:
    | { token: string }
    | { clientCertificateData: string; clientKeyData: string };
}

/** Larger than any kubeconfig for one cluster (a few KiB, or tens with long certificate chains). */
export const MAX_KUBECONFIG_BYTES = 64 * 1024;

const HOW_TO_FIX =
  'Export a self-contained kubeconfig for just this cluster (`kubectl config view --minify --flatten --raw`), authenticated by a token or an inline client certificate';

/**
 * Fields that make a client run a command, read a file, change where it
 * connects, or act as someone else. Named so the refusal says what is wrong.
 */
const REFUSED_CLUSTER_FIELDS: Record<string, string> = {
  'certificate-authority':
    'reads a file on the portal host; give the CA inline as certificate-authority-data',
  'proxy-url':
    'sends the connection through a proxy; the portal connects to the server directly',
  'insecure-skip-tls-verify':
    'turns off the check of the server certificate; give the CA as certificate-authority-data',
};
const REFUSED_USER_FIELDS: Record<string, string> = {
  exec: 'runs a command on the portal host',
  'auth-provider': 'runs a plugin (and its cmd-path) on the portal host',
  tokenFile: 'reads a file on the portal host; give the token inline as token',
  'client-certificate':
    'reads a file on the portal host; give the certificate inline as client-certificate-data',
  'client-key':
    'reads a file on the portal host; give the key inline as client-key-data',
  username: 'basic authentication is not supported; use a token',
  password: 'basic authentication is not supported; use a token',
  as: 'impersonation is not supported',
  'as-uid': 'impersonation is not supported',
  'as-groups': 'impersonation is not supported',
  'as-user-extra': 'impersonation is not supported',
};
/** Fields that change nothing about where or how the portal connects. */
const IGNORED_CLUSTER_FIELDS = new Set(['extensions', 'disable-compression']);
const IGNORED_USER_FIELDS = new Set(['extensions']);
const USED_CLUSTER_FIELDS = new Set([
  'server',
  'certificate-authority-data',
  'tls-server-name',
]);
const USED_USER_FIELDS = new Set([
  'token',
  'client-certificate-data',
  'client-key-data',
]);
const TOP_LEVEL_FIELDS = new Set([
  'apiVersion',
  'kind',
  'clusters',
  'users',
  'contexts',
  'current-context',
  'preferences',
  'extensions',
]);

/** Refuses the kubeconfig, naming the field (`users[0].user.exec`) and what to do. */
function refuse(field: string, what: string): never {
  throw new InputError(`kubeconfig ${field}: ${what}. ${HOW_TO_FIX}.`);
}

type Entry = Record<string, unknown>;

/** A key from the file as a field name: quoted unless plain, so an empty key or a line break shows. */
function shownKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

/**
 * Reads a kubeconfig as data into a {@link WorkloadKubeconfig}, refusing with
 * an InputError (naming the field) anything that would make a client do more
 * than connect to one https server with inline credentials. Every entry is
 * checked, not only the current context's: a kubeconfig for the portal
 * should hold one cluster, and one with other people's exec plugins in it
 * is better exported again than half-used. Pure: no file, network or process.
 * The CLI's `arlon snapshot` reads its contexts through it too.
 *
 * @public
 */
export function parseKubeconfig(text: unknown): WorkloadKubeconfig {
  if (typeof text !== 'string' || text.trim() === '')
    throw new InputError(
      `kubeconfig: send the kubeconfig as YAML text. ${HOW_TO_FIX}.`,
    );
  if (Buffer.byteLength(text, 'utf8') > MAX_KUBECONFIG_BYTES)
    refuse(
      '(whole file)',
      `is larger than ${
        MAX_KUBECONFIG_BYTES / 1024
      } KiB, far more than one cluster needs`,
    );
  const root = readYaml(text);

  for (const key of Object.keys(root))
    if (!TOP_LEVEL_FIELDS.has(key))
      refuse(shownKey(key), 'is not a kubeconfig field');
  const clusters = namedList(root, 'clusters', 'cluster');
  const users = namedList(root, 'users', 'user');
  const contexts = namedList(root, 'contexts', 'context');
  clusters.forEach((c, i) => checkCluster(c.value, `clusters[${i}].cluster`));
  users.forEach((u, i) => checkUser(u.value, `users[${i}].user`));

  const current = root['current-context'];
  if (typeof current !== 'string' || !current)
    refuse(
      'current-context',
      'is missing; the portal does not guess which cluster you meant',
    );
  const context = only(contexts, current, 'current-context', 'context');
  const clusterName = context.value.cluster;
  const userName = context.value.user;
  if (typeof clusterName !== 'string' || !clusterName)
    refuse(`${context.field}.cluster`, 'is missing');
  if (typeof userName !== 'string' || !userName)
    refuse(`${context.field}.user`, 'is missing');
  const cluster = only(
    clusters,
    clusterName,
    `${context.field}.cluster`,
    'cluster',
  );
  const user = only(users, userName, `${context.field}.user`, 'user');

  return {
    ...clusterShape(cluster.value, cluster.field),
    user: userShape(user.value, user.field),
  };
}

function readYaml(text: string): Entry {
  // Documents are parsed as a tree first: an alias is refused before any is expanded.
  const documents = parseAllDocuments(text, { uniqueKeys: true });
  if (!Array.isArray(documents) || documents.length !== 1)
    refuse('(whole file)', 'must be exactly one YAML document');
  const doc = documents[0];
  const error = doc.errors[0];
  if (error)
    refuse(
      `(line ${error.linePos?.[0]?.line ?? '?'})`,
      `is not valid YAML (${error.code})`,
    );
  let aliased = false;
  visit(doc, {
    Alias() {
      aliased = true;
      return visit.BREAK;
    },
  });
  if (aliased)
    refuse(
      '(whole file)',
      'uses YAML anchors and aliases (&, *), which a kubeconfig does not need',
    );
  if (!isMap(doc.contents)) refuse('(whole file)', 'must be a YAML mapping');
  return doc.toJS({ maxAliasCount: 0 }) as Entry;
}

interface Named {
  name: string;
  field: string;
  value: Entry;
}

/** `clusters`, `users` or `contexts`: a list of `{name, <key>: {...}}`. */
function namedList(root: Entry, list: string, key: string): Named[] {
  const items = root[list];
  if (items === undefined || items === null) return [];
  if (!Array.isArray(items)) refuse(list, 'must be a list');
  return items.map((item, i) => {
    const field = `${list}[${i}]`;
    if (!isObject(item)) refuse(field, 'must be a mapping');
    for (const k of Object.keys(item))
      if (k !== 'name' && k !== key)
        refuse(
          `${field}.${shownKey(k)}`,
          'is not a field of a kubeconfig entry',
        );
    if (typeof item.name !== 'string' || !item.name)
      refuse(`${field}.name`, 'is missing');
    const value = item[key];
    if (!isObject(value)) refuse(`${field}.${key}`, 'must be a mapping');
    return { name: item.name, field: `${field}.${key}`, value };
  });
}

/** The one entry named `name`: none, or two of the same name, are refused. */
function only(items: Named[], name: string, from: string, what: string): Named {
  const found = items.filter(i => i.name === name);
  if (found.length === 0)
    refuse(
      from,
      `names ${what} "${name}", which the kubeconfig does not define`,
    );
  if (found.length > 1)
    refuse(
      from,
      `names ${what} "${name}", which the kubeconfig defines ${found.length} times`,
    );
  return found[0];
}

function checkCluster(cluster: Entry, field: string) {
  for (const key of Object.keys(cluster)) {
    if (Object.hasOwn(REFUSED_CLUSTER_FIELDS, key)) {
      // `insecure-skip-tls-verify: false` says nothing dangerous.
      if (key === 'insecure-skip-tls-verify' && cluster[key] === false)
        continue;
      refuse(`${field}.${key}`, REFUSED_CLUSTER_FIELDS[key]);
    }
    if (!USED_CLUSTER_FIELDS.has(key) && !IGNORED_CLUSTER_FIELDS.has(key))
      refuse(`${field}.${shownKey(key)}`, 'is not supported');
  }
}

function checkUser(user: Entry, field: string) {
  for (const key of Object.keys(user)) {
    if (Object.hasOwn(REFUSED_USER_FIELDS, key))
      refuse(`${field}.${key}`, REFUSED_USER_FIELDS[key]);
    if (!USED_USER_FIELDS.has(key) && !IGNORED_USER_FIELDS.has(key))
      refuse(`${field}.${shownKey(key)}`, 'is not supported');
  }
}

function clusterShape(cluster: Entry, field: string) {
  const server = cluster.server;
  if (typeof server !== 'string' || !server)
    refuse(`${field}.server`, 'is missing');
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    refuse(`${field}.server`, 'is not a URL');
  }
  if (url.protocol !== 'https:')
    refuse(
      `${field}.server`,
      `uses ${url.protocol.replace(
        ':',
        '',
      )}; the portal connects to API servers over https only`,
    );
  if (url.username || url.password)
    refuse(`${field}.server`, 'carries credentials in the URL');
  if (url.search || url.hash)
    refuse(`${field}.server`, 'has a query or fragment');
  const caData = inlinePem(
    cluster['certificate-authority-data'],
    `${field}.certificate-authority-data`,
    'CERTIFICATE',
  );
  const tlsServerName = cluster['tls-server-name'];
  if (
    tlsServerName !== undefined &&
    (typeof tlsServerName !== 'string' || !tlsServerName)
  )
    refuse(`${field}.tls-server-name`, 'must be a host name');
  return {
    // The URL as parsed: what is checked is what is connected to.
    server: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    serverField: `${field}.server`,
    caData,
    ...(tlsServerName ? { tlsServerName } : {}),
  };
}

function userShape(user: Entry, field: string): WorkloadKubeconfig['user'] {
  const token = user.token;
  const cert = user['client-certificate-data'];
  const key = user['client-key-data'];
  if (cert !== undefined || key !== undefined) {
    if (cert === undefined)
      refuse(
        `${field}.client-certificate-data`,
        'is missing (client-key-data needs it)',
      );
    if (key === undefined)
      refuse(
        `${field}.client-key-data`,
        'is missing (client-certificate-data needs it)',
      );
    if (token !== undefined)
      refuse(
        `${field}.token`,
        'is given besides a client certificate; give one or the other',
      );
    return {
      clientCertificateData: inlinePem(
        cert,
        `${field}.client-certificate-data`,
        'CERTIFICATE',
      ),
      clientKeyData: inlinePem(key, `${field}.client-key-data`, 'PRIVATE KEY'),
    };
  }
  if (typeof token !== 'string' || !token.trim())
    refuse(
      field,
      'has no token and no client-certificate-data/client-key-data',
    );
  if (/[\r\n]/.test(token)) refuse(`${field}.token`, 'contains a line break');
  return { token: token.trim() };
}

/** Base64 of a PEM block (`-----BEGIN …CERTIFICATE-----` or a key). */
function inlinePem(value: unknown, field: string, kind: string): string {
  if (typeof value !== 'string' || !value.trim()) refuse(field, 'is missing');
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) refuse(field, 'is not base64');
  const pem = Buffer.from(compact, 'base64').toString('utf8');
  if (!new RegExp(`-----BEGIN [A-Z ]*${kind}-----`).test(pem))
    refuse(field, `is not a base64 PEM ${kind.toLowerCase()}`);
  return compact;
}

function isObject(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
