import type { KindSegment } from '@arlon-backstage/plugin-arlon-common';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogTitle from '@material-ui/core/DialogTitle';
import { useState } from 'react';
import { DefinitionEditor } from './DefinitionEditor';

/**
 * "Edit YAML" on a definition's card: its file in the portal's editor.
 * Everyone who may read it may open it; the editor says why it is read-only
 * for those who may not update it.
 */
export function EditDefinitionButton({
  kind,
  name,
}: {
  kind: KindSegment;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" color="primary" onClick={() => setOpen(true)}>
        Edit YAML
      </Button>
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          fullWidth
          maxWidth="lg"
          aria-labelledby="arlon-edit-definition-title"
        >
          <DialogTitle id="arlon-edit-definition-title">
            Edit {name}
          </DialogTitle>
          <DefinitionEditor
            kind={kind}
            name={name}
            onClose={() => setOpen(false)}
          />
        </Dialog>
      )}
    </>
  );
}
