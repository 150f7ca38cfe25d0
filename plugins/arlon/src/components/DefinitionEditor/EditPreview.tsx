import { CodeSnippet } from '@backstage/core-components';
import type { DefinitionCheck } from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import { createTwoFilesPatch } from 'diff';
import { EntityChips } from '../common/EntityChips';

/**
 * What the commit would hold, before it is made: the edited file's diff,
 * every file it writes (the generated ones the compiler changes with it)
 * and the clusters those changes reach.
 */
export function EditPreview({
  file,
  before,
  after,
  check,
}: {
  file: string;
  before: string;
  after: string;
  check: DefinitionCheck;
}) {
  const patch = createTwoFilesPatch(file, file, before, after, '', '', {
    context: 3,
  })
    // The "===" banner and the empty header dates say nothing here.
    .split('\n')
    .filter(l => !/^={3,}$/.test(l))
    .join('\n');
  const generated = check.files.filter(f => f.path !== file);
  const count = check.clusters.length;
  return (
    <Box data-testid="edit-preview">
      <Typography variant="subtitle2">
        One commit of {check.files.length} file(s), planned on{' '}
        {check.parent?.slice(0, 7) ?? 'the head'}
      </Typography>
      <CodeSnippet language="diff" text={patch} />
      <Typography variant="subtitle2" style={{ marginTop: 16 }}>
        Generated files that change ({generated.length})
      </Typography>
      {generated.length === 0 ? (
        <Typography variant="body2">None.</Typography>
      ) : (
        <List dense aria-label="Files">
          {generated.map(f => (
            <ListItem key={f.path}>
              <ListItemText primary={`${f.action} ${f.path}`} />
            </ListItem>
          ))}
        </List>
      )}
      <Typography
        variant="subtitle2"
        style={{ marginTop: 16 }}
        data-testid="edit-preview-clusters"
      >
        {count === 0
          ? 'No cluster changes with this commit.'
          : `${count} cluster(s) would change: ${check.clusters.join(', ')}`}
      </Typography>
      <Box>
        <EntityChips kind="Cluster" names={check.clusters} />
      </Box>
    </Box>
  );
}
