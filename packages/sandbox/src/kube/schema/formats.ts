/**
 * The string formats the API server checks in custom resources
 * (apiextensions-apiserver's supported formats); any other `format` is
 * documentation only and accepted as is.
 */
const IPV4 =
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const UUID =
  /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([-A-Za-z0-9]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([-A-Za-z0-9]{0,61}[A-Za-z0-9])?)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const DURATION = /^[-+]?(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w))+$/;
const BASE64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function isIPv6(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s) || s.length > 45) return false;
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap(h => (h ? h.split(':') : []));
  const last = groups[groups.length - 1] ?? '';
  const v4 = IPV4.test(last);
  const hex = v4 ? groups.slice(0, -1) : groups;
  if (!hex.every(g => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  const count = hex.length + (v4 ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

const CHECKS: Record<string, (s: string) => boolean> = {
  ipv4: s => IPV4.test(s),
  ipv6: isIPv6,
  cidr: s => {
    const [ip, bits, ...rest] = s.split('/');
    if (rest.length || bits === undefined || !/^\d{1,3}$/.test(bits))
      return false;
    if (IPV4.test(ip)) return Number(bits) <= 32;
    return isIPv6(ip) && Number(bits) <= 128;
  },
  uuid: s => UUID.test(s),
  uuid3: s => UUID.test(s),
  uuid4: s => UUID.test(s),
  uuid5: s => UUID.test(s),
  hostname: s => HOSTNAME.test(s),
  date: s => DATE.test(s) && !Number.isNaN(Date.parse(s)),
  'date-time': s => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)),
  datetime: s => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)),
  duration: s => DURATION.test(s),
  byte: s => BASE64.test(s),
  mac: s => MAC.test(s),
  email: s => EMAIL.test(s),
  uri: s => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s),
};

/** Whether `value` is a valid `format` string; unknown formats always are. */
export function matchesFormat(format: string, value: string): boolean {
  const check = CHECKS[format];
  return check ? check(value) : true;
}

/** Integer formats bound the value. */
export function inIntegerFormat(
  format: string | undefined,
  n: number,
): boolean {
  if (format === 'int32') return n >= -2147483648 && n <= 2147483647;
  if (format === 'int64')
    return Number.isSafeInteger(n) || Math.abs(n) <= 2 ** 63;
  return true;
}
