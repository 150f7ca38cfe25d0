// The templatePatch that turns a profile's Helm bundle Applications into chart + values sources.
import { CompileOptions, GENERATED_ROOT } from './generatedTree';

/**
 * Helm bundles read their merged values from the fleet repository. ArgoCD
 * renders the patch as text and then parses it as YAML, so every value it
 * interpolates goes through `toJson` (sprig's, which ArgoCD's templates
 * have): a JSON string is a YAML double-quoted scalar, whatever it holds.
 * The fixed values are JSON-quoted here, and `{{` in them is spelled as a
 * template string, so nothing from configuration is read as template either.
 */
export function helmTemplatePatch(options: CompileOptions): string {
  const fixed = (text: string) =>
    text.includes('{{') || text.includes('}}')
      ? `{{ ${JSON.stringify(JSON.stringify(text))} }}`
      : JSON.stringify(text);
  // One block per kind of chart; only the line that locates it differs.
  const block = (type: string, locator: string) => [
    `{{- if eq .type "${type}" }}`,
    'spec:',
    '  source: null',
    '  sources:',
    '    - repoURL: {{ .repoURL | toJson }}',
    '      targetRevision: {{ .revision | toJson }}',
    `      ${locator}`,
    '      helm:',
    '        releaseName: {{ .bundle | toJson }}',
    '        valueFiles:',
    `          - {{ printf "$values/${GENERATED_ROOT}/values/%s/%s.yaml" .name .bundle | toJson }}`,
    '        ignoreMissingValueFiles: true',
    `    - repoURL: ${fixed(options.repoUrl)}`,
    `      targetRevision: ${fixed(options.revision)}`,
    '      ref: values',
    '{{- end }}',
  ];
  return [
    // A chart in a Git folder.
    ...block('helm', 'path: {{ .path | toJson }}'),
    // A chart from a Helm repository: ArgoCD's chart source, the version as
    // targetRevision (never a range: validation allows exact versions only).
    ...block('chart', 'chart: {{ .chart | toJson }}'),
    '',
  ].join('\n');
}
