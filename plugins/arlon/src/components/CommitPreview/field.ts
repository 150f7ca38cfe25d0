import { createFormField } from '@backstage/plugin-scaffolder-react/alpha';
import { CommitPreviewField } from './CommitPreviewField';

/** One definition of the field for both scaffolders: the legacy field extension and the new system's form field. */
export const commitPreviewFieldOptions = {
  name: 'ArlonCommitPreview',
  component: CommitPreviewField,
};

/** `ui:field: ArlonCommitPreview`: the template's last page shows what it would commit. */
export const commitPreviewField = createFormField(commitPreviewFieldOptions);
