import { renderTemplate, TemplateError } from './goTemplate';

describe('the sandbox Go templates, on branches', () => {
  const patch =
    '{{- if eq .type "helm" }}path: {{ .path | toJson }}{{- end }}{{- if eq .type "chart" }}chart: {{ .chart | toJson }}{{- end }}';

  it('never evaluates a branch not taken, as Go does: it may name keys this element lacks', () => {
    expect(
      renderTemplate(patch, { type: 'helm', path: 'charts/x' }, true),
    ).toBe('path: "charts/x"');
    expect(
      renderTemplate(patch, { type: 'chart', chart: 'podinfo' }, true),
    ).toBe('chart: "podinfo"');
    expect(
      renderTemplate(
        '{{ if eq .a "x" }}{{ .missing }}{{ else }}{{ .b }}{{ end }}',
        { a: 'y', b: 'else ran' },
        true,
      ),
    ).toBe('else ran');
  });

  it('still fails on a missing key in the branch taken (missingkey=error)', () => {
    expect(() => renderTemplate(patch, { type: 'chart' }, true)).toThrow(
      TemplateError,
    );
    expect(() => renderTemplate(patch, { type: 'chart' }, true)).toThrow(
      'map has no entry for key "chart"',
    );
  });

  it('skips nested conditions inside a branch not taken without evaluating them', () => {
    expect(
      renderTemplate(
        '{{ if eq .a "x" }}{{ if eq .nope "y" }}{{ .nope }}{{ end }}{{ end }}done',
        { a: 'z' },
        true,
      ),
    ).toBe('done');
  });
});
