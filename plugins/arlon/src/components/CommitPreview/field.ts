import { createFormField } from '@backstage/plugin-scaffolder-react/alpha';
import { CommitPreviewField } from './CommitPreviewField';

/** `ui:field: ArlonCommitPreview`: the template's last page shows what it would commit. */
export const commitPreviewField = createFormField({
  name: 'ArlonCommitPreview',
  component: CommitPreviewField,
});
