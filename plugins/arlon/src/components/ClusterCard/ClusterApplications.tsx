import { Table } from '@backstage/core-components';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  type ClusterStatus,
  entityRef,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { StatusLabel } from '../common/StatusLabel';

type Application = ClusterStatus['applications'][number];

/** The cluster's bundle applications: each bundle's profile, sync and health, and ArgoCD's message. */
export function ClusterApplications({
  applications,
}: {
  applications: Application[];
}) {
  return (
    <Table<Application>
      title="Bundles"
      options={{ paging: false, search: false, padding: 'dense' }}
      data={applications.filter(a => a.bundle)}
      emptyContent={<Box p={2}>No bundle applications yet.</Box>}
      columns={[
        {
          title: 'Bundle',
          field: 'bundle',
          // ArgoCD's message (it can run to paragraphs) on one line under the name, whole on hover.
          render: a => (
            <>
              <EntityRefLink entityRef={entityRef('Bundle', a.bundle!)}>
                {a.bundle}
              </EntityRefLink>
              {a.message && (
                <Typography
                  variant="caption"
                  color="textSecondary"
                  display="block"
                  noWrap
                  title={a.message}
                  style={{ maxWidth: 240 }}
                >
                  {a.message}
                </Typography>
              )}
            </>
          ),
        },
        { title: 'Profile', field: 'profile' },
        {
          title: 'Sync',
          cellStyle: { whiteSpace: 'nowrap' },
          render: a => <StatusLabel value={a.sync} />,
        },
        {
          title: 'Health',
          cellStyle: { whiteSpace: 'nowrap' },
          render: a => <StatusLabel value={a.health} />,
        },
      ]}
    />
  );
}
