/*
 * The permission a Kubernetes 403 names, in kube-apiserver's own words: one
 * reader for every caller (the portal's routes, bootstrap), so what may be
 * quoted back to a user is decided in one place.
 */
/**
 * kube-apiserver's refusal sentence (responsewriters.forbiddenMessage):
 * `User "<u>" cannot <verb> resource "<r>" in API group "<g>" in the
 * namespace "<ns>"`, `... at the cluster scope`, or `... cannot <verb> path
 * "<p>"`. Every part is held to the characters Kubernetes allows there, so
 * what is quoted back can only be such a sentence.
 */
const REFUSAL =
  /User "([a-z0-9:@._-]{1,300})" cannot ([a-z*]{1,32}) (?:resource "([a-z0-9*/.-]{1,300})" in API group "([a-z0-9.-]{0,253})" (?:in the namespace "([a-z0-9-]{1,63})"|at the cluster scope)|path "(\/[A-Za-z0-9*/._-]{0,300})")/;

/** A create-on-update refusal (server-side apply of a new object): `<resource>.<group> "<name>" is forbidden: ` and no reason. */
const CREATE_ON_APPLY =
  /^([a-z0-9.-]{1,300}) "([a-z0-9:.-]{1,253})" is forbidden: $/;

/**
 * The permission a Kubernetes 403 says was missing, in kube-apiserver's
 * words; undefined when `error` is not a 403 from a Kubernetes API
 * server. Only the Status `message` is read, and only a sentence of the
 * shape above is quoted: never headers, the request, or any other text.
 */
export function missingPermission(error: unknown): string | undefined {
  const { code, body } = (error ?? {}) as { code?: unknown; body?: unknown };
  if (code !== 403) return undefined;
  const status = parseStatus(body);
  if (status?.reason !== 'Forbidden' || typeof status.message !== 'string')
    return undefined;
  // The matched sentence itself: every character in it passed the pattern.
  const refusal = REFUSAL.exec(status.message);
  if (refusal) return refusal[0];
  const create = CREATE_ON_APPLY.exec(status.message);
  if (create)
    return `the account cannot create ${create[1]} "${create[2]}" (applying an object that does not exist yet needs create)`;
  return undefined;
}

function parseStatus(
  body: unknown,
): { reason?: unknown; message?: unknown } | undefined {
  if (typeof body === 'object' && body !== null) return body as any;
  if (typeof body !== 'string' || body.length > 100_000) return undefined;
  try {
    const parsed = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
