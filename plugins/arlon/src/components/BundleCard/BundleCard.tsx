import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import { Bundle, Profile } from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import useAsync from 'react-use/esm/useAsync';
import { arlonApiRef } from '../../api/ArlonClient';
import { useDefinition } from '../common/useDefinition';
import { EditDefinitionButton } from '../DefinitionEditor/EditDefinitionButton';
import { EntityChips } from '../common/EntityChips';
import { profileBundles } from '../common/profileBundles';

/** A bundle's page: where its manifests come from, its parameters and defaults, and the profiles that use it. */
export function BundleCard() {
  const api = useApi(arlonApiRef);
  const { value, loading, error } = useDefinition(0);
  const profiles = useAsync(() => api.list('profiles'), [api]);
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (!value) return null;
  const bundle = value.definition as Bundle;
  const { source, parameters = [] } = bundle.spec;
  const usedBy = (profiles.value?.items ?? []).filter(p =>
    profileBundles(p.definition as Profile).includes(bundle.metadata.name),
  );
  return (
    <InfoCard
      title={`Bundle ${bundle.metadata.name}`}
      subheader={bundle.spec.description}
      action={
        <EditDefinitionButton kind="bundles" name={bundle.metadata.name} />
      }
    >
      <Typography variant="subtitle2">Source</Typography>
      <Typography variant="body2" data-testid="bundle-source">
        {describeSource(source, bundle.metadata.name)}
      </Typography>
      <Box mt={2}>
        <Typography variant="subtitle2">Parameters</Typography>
        {parameters.length === 0 ? (
          <Typography variant="body2">None</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Default</TableCell>
                <TableCell>Description</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {parameters.map(p => (
                <TableRow key={p.name}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>
                    {p.default === undefined ? '' : String(p.default)}
                  </TableCell>
                  <TableCell>{p.description}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      <Box mt={2}>
        <Typography variant="subtitle2">Used by</Typography>
        {profiles.error && <ResponseErrorPanel error={profiles.error} />}
        {profiles.value && usedBy.length === 0 && (
          <Typography variant="body2">No profile uses it yet.</Typography>
        )}
        <EntityChips kind="Profile" names={usedBy.map(p => p.name)} />
      </Box>
    </InfoCard>
  );
}

/** Where the bundle's manifests come from, in words. */
function describeSource(source: Bundle['spec']['source'], name: string) {
  if ('helmRepository' in source)
    return `Helm chart ${source.helmRepository.chart} ${source.helmRepository.version} from the Helm repository ${source.helmRepository.repoUrl}`;
  if ('git' in source)
    return `${source.git.type} at ${source.git.repoUrl}, path ${source.git.path}, revision ${source.git.revision}`;
  return `inline manifests in the fleet repository (bundles/${name}/)`;
}
