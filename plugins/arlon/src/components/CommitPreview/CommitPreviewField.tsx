import { Progress } from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import {
  FieldExtensionComponentProps,
  scaffolderApiRef,
} from '@backstage/plugin-scaffolder-react';
import type { TemplateEntityV1beta3 } from '@backstage/plugin-scaffolder-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import useAsync from 'react-use/esm/useAsync';
import {
  commitPreviewFromLog,
  previewContents,
  problemOfRefusedDryRun,
  secretPlaceholders,
} from './commitPreview';

/**
 * A template form field that shows what the template would commit: it runs
 * the template in the scaffolder's dry run with the answers so far and lists
 * the files (a definition opens to its text), or the problem that would
 * stop it. Writes nothing, and sends placeholders instead of the form's
 * secrets.
 */
export function CommitPreviewField(
  props: FieldExtensionComponentProps<string>,
) {
  const catalogApi = useApi(catalogApiRef);
  const scaffolderApi = useApi(scaffolderApiRef);
  // The scaffolder shows a template at /create/templates/:namespace/:templateName.
  const { pathname } = window.location;
  const values = (props.formContext as any)?.formData ?? {};
  const [, namespace, templateName] =
    /\/templates\/([^/]+)\/([^/?#]+)/.exec(pathname) ?? [];
  const preview = useAsync(async () => {
    if (!templateName) throw new Error('Open this field from a template');
    const template = await catalogApi.getEntityByRef(
      `template:${namespace}/${templateName}`,
    );
    if (!template)
      throw new Error(
        `Template ${namespace}/${templateName} is not in the catalog`,
      );
    const { preview: _self, ...answers } = values;
    const result = await scaffolderApi
      .dryRun({
        template: template as TemplateEntityV1beta3,
        values: answers,
        secrets: secretPlaceholders(template.spec?.parameters),
        directoryContents: [],
      })
      .catch((error: unknown) => {
        // A step refused the answers: show why, as a failed step would.
        const problem = problemOfRefusedDryRun(error);
        if (problem === undefined) throw error;
        return { log: [], directoryContents: [], problem };
      });
    if ('problem' in result)
      return { files: [], problem: result.problem, contents: {} };
    return {
      ...commitPreviewFromLog(result.log),
      contents: previewContents(result.directoryContents),
    };
  }, [namespace, templateName, JSON.stringify(values)]);

  return (
    <Box data-testid="commit-preview">
      <Typography variant="subtitle1">
        {props.schema.title ?? 'What will be committed'}
      </Typography>
      {preview.loading && <Progress />}
      {preview.error && (
        <Alert severity="warning">
          Cannot preview: {preview.error.message}
        </Alert>
      )}
      {preview.value?.problem && (
        <Alert severity="error" style={{ whiteSpace: 'pre-wrap' }}>
          {preview.value.problem}
        </Alert>
      )}
      {preview.value &&
        !preview.value.problem &&
        preview.value.files.length === 0 && (
          <Typography>
            Nothing: the fleet repository already says this.
          </Typography>
        )}
      {preview.value &&
        !preview.value.problem &&
        preview.value.files.length > 0 && (
          <>
            <Typography variant="body2">One commit with:</Typography>
            {preview.value.files.map(f => (
              <PreviewFile
                key={f}
                line={f}
                content={preview.value!.contents[f.slice(f.indexOf(' ') + 1)]}
              />
            ))}
          </>
        )}
    </Box>
  );
}

/** One file of the commit; a definition opens to the text that will be committed. */
function PreviewFile({ line, content }: { line: string; content?: string }) {
  const mono = { fontFamily: 'monospace' };
  if (content === undefined)
    return (
      <Typography variant="body2" style={mono}>
        {line}
      </Typography>
    );
  return (
    <details>
      <summary>
        <Typography variant="body2" component="span" style={mono}>
          {line}
        </Typography>
      </summary>
      <pre style={{ margin: '4px 0 8px 16px' }}>{content}</pre>
    </details>
  );
}
