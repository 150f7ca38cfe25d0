/**
 * A kubeconfig for a sandbox API server, as kubectl and CAPI's `<cluster>-kubeconfig` Secret carry it.
 *
 * Written from a template, not by a YAML library: a burst of 1,000 clusters
 * writes 1,000 of them, and `yaml`'s stringify scanned every character of
 * the CA (about 0.3 ms each). The text is the one `yaml` writes for the
 * values the sandbox uses (plain scalars, two-space indents); any value that
 * is not plainly a string goes double-quoted, so every value reads back as
 * itself.
 *
 * @public
 */
export function kubeconfigYaml(
  name: string,
  url: string,
  token: string,
  caData: string,
): string {
  const user = `${name}-admin`;
  return `apiVersion: v1
kind: Config
clusters:
  - name: ${scalar(name)}
    cluster:
      server: ${scalar(url)}
      certificate-authority-data: ${scalar(caData)}
users:
  - name: ${scalar(user)}
    user:
      token: ${scalar(token)}
contexts:
  - name: ${scalar(name)}
    context:
      cluster: ${scalar(name)}
      user: ${scalar(user)}
current-context: ${scalar(name)}
`;
}

/** Words a YAML reader (1.2 core, or 1.1) takes for something other than a string. */
const NOT_STRINGS =
  /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

/**
 * A string as a YAML scalar: plain when it starts with a letter and holds
 * only characters that cannot end or change a plain scalar (no `: `, no
 * ` #`, no trailing `:`), and is no YAML keyword; otherwise double-quoted,
 * with everything outside printable ASCII escaped (JSON's escapes are
 * YAML's), so the text is printable ASCII whatever the value.
 */
function scalar(value: string): string {
  if (
    /^[A-Za-z][A-Za-z0-9+/=._@-]*(?::[A-Za-z0-9+/=._@-]+)*$/.test(value) &&
    !NOT_STRINGS.test(value)
  )
    return value;
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
