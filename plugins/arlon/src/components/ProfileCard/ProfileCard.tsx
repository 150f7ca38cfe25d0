import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
  Table,
} from '@backstage/core-components';
import { useApi } from '@backstage/frontend-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  arlonProfileApplyPermission,
  Cluster,
  DefinitionWithStatus,
  entityRef,
  Profile,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { useState } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { arlonApiRef } from '../../api/ArlonClient';
import { PermittedButton } from '../common/PermittedButton';
import { StatusLabel } from '../common/StatusLabel';
import { useDefinition } from '../common/useDefinition';
import { EditDefinitionButton } from '../DefinitionEditor/EditDefinitionButton';
import { ApplyProfileDialog } from './ApplyProfileDialog';
import { AssignmentAlert } from './AssignmentAlert';
import { AssignmentOutcome, assignmentOutcome } from './assignmentOutcome';
import { EntityChips } from '../common/EntityChips';
import { profileBundles } from '../common/profileBundles';

/** A profile's page: its bundles and values, the clusters using it and their health, and "Apply to clusters". */
export function ProfileCard() {
  const api = useApi(arlonApiRef);
  const { value, loading, error } = useDefinition(0);
  const clusters = useAsyncRetry(() => api.list('clusters'), [api]);
  const [applying, setApplying] = useState(false);
  const [applied, setApplied] = useState<AssignmentOutcome>();
  if (loading) return <Progress />;
  if (error) return <ResponseErrorPanel error={error} />;
  if (!value) return null;
  const profile = value.definition as Profile;
  const name = profile.metadata.name;
  const all = clusters.value?.items ?? [];
  const using = all.filter(c =>
    (c.definition as Cluster).spec.profiles?.includes(name),
  );
  return (
    <InfoCard
      title={`Profile ${name}`}
      subheader={profile.spec.description}
      action={
        <>
          <EditDefinitionButton kind="profiles" name={name} />
          <PermittedButton
            permission={arlonProfileApplyPermission}
            // Enabled when the user may apply it to at least one cluster.
            resourceRefs={all.map(c => entityRef('Cluster', c.name))}
            needs="any"
            variant="outlined"
            onClick={() => setApplying(true)}
          >
            Apply to clusters
          </PermittedButton>
        </>
      }
    >
      <Typography variant="subtitle2">Bundles</Typography>
      <Box mb={2}>
        <EntityChips kind="Bundle" names={profileBundles(profile)} />
      </Box>
      <Typography variant="subtitle2">Values</Typography>
      <Box mb={2} component="pre" style={{ margin: 0 }}>
        {profile.spec.values
          ? JSON.stringify(profile.spec.values, null, 2)
          : 'None'}
      </Box>
      <Typography variant="subtitle2">
        Update policy: {profile.spec.updatePolicy ?? 'auto'}
      </Typography>
      {applied && (
        <AssignmentAlert
          outcome={applied}
          onClose={() => setApplied(undefined)}
        />
      )}
      {clusters.error && <ResponseErrorPanel error={clusters.error} />}
      <Table<DefinitionWithStatus>
        title="Clusters using it"
        isLoading={clusters.loading}
        options={{ paging: false, search: false, padding: 'dense' }}
        data={using}
        emptyContent={<Box p={2}>No cluster runs this profile.</Box>}
        columns={[
          {
            title: 'Cluster',
            render: c => (
              <EntityRefLink entityRef={entityRef('Cluster', c.name)}>
                {c.name}
              </EntityRefLink>
            ),
          },
          {
            title: 'Phase',
            render: c => <StatusLabel value={c.status?.capi?.phase} />,
          },
          {
            title: 'Health',
            render: c => (
              <StatusLabel
                value={
                  c.status?.applications.find(a => a.profile === name)?.health
                }
              />
            ),
          },
          { title: 'Behind', render: c => (c.status?.behind ? 'yes' : '') },
        ]}
      />
      {applying && (
        <ApplyProfileDialog
          open
          profiles={[name]}
          clusters={all.map(c => c.name)}
          onClose={() => setApplying(false)}
          onApplied={result => {
            setApplied(assignmentOutcome([name], result));
            clusters.retry();
          }}
        />
      )}
    </InfoCard>
  );
}
