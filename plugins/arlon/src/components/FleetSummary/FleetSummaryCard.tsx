import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi, useRouteRef } from '@backstage/core-plugin-api';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import {
  entityRef,
  isDefinitionName,
} from '@arlon-backstage/plugin-arlon-common';
import Box from '@material-ui/core/Box';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import useAsync from 'react-use/esm/useAsync';
import { arlonApiRef } from '../../api/ArlonClient';
import { rootRouteRef } from '../../routes';
import { StatusLabel } from '../common/StatusLabel';
import { fleetRows } from '../FleetPage/fleetRows';
import { AttentionItem, fleetGlance } from './fleetGlance';

function Counts(props: { title: string; counts: Array<[string, number]> }) {
  return (
    <Box mb={2} data-testid={`fleet-glance-${props.title.toLowerCase()}`}>
      <Typography variant="subtitle2">{props.title}</Typography>
      {props.counts.map(([value, count]) => (
        <Box key={value} display="inline-flex" alignItems="center" mr={3}>
          <StatusLabel value={value} />
          <Typography variant="h6" component="span">
            &nbsp;{count}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A home page widget stays short: the Fleet page has the whole list. */
const MAX_ATTENTION_SHOWN = 10;

function Attention({ items }: { items: AttentionItem[] }) {
  if (!items.length)
    return (
      <Alert severity="success" data-testid="fleet-glance-attention">
        Nothing needs attention.
      </Alert>
    );
  const more = items.length - MAX_ATTENTION_SHOWN;
  return (
    <Box data-testid="fleet-glance-attention">
      <Typography variant="subtitle2">Needs attention</Typography>
      <List dense>
        {items.slice(0, MAX_ATTENTION_SHOWN).map((item, i) => (
          // The same cluster can be both held and failing: two items.
          <ListItem key={`${i}/${item.kind ?? ''}/${item.name}`} disableGutters>
            <ListItemText
              primary={
                // A hand-pushed definition's name may be no entity's name.
                item.kind && isDefinitionName(item.name) ? (
                  <EntityRefLink entityRef={entityRef(item.kind, item.name)}>
                    {item.kind} {item.name}
                  </EntityRefLink>
                ) : (
                  `${item.kind ? `${item.kind} ` : ''}${item.name}`
                )
              }
              secondary={item.reason}
            />
          </ListItem>
        ))}
      </List>
      {more > 0 && (
        <Typography variant="body2" color="textSecondary">
          and {more} more: see the Fleet page
        </Typography>
      )}
    </Box>
  );
}

/**
 * The fleet at a glance, without a card around it (a home page widget
 * draws its own): how many clusters in each phase and health, and what
 * needs attention.
 */
export function FleetSummaryContent() {
  const api = useApi(arlonApiRef);
  const clusters = useAsync(async () => {
    const [list, specs] = await Promise.all([
      api.list('clusters'),
      api.list('clusterspecs'),
    ]);
    return fleetRows(list.items, specs.items);
  }, [api]);
  // GET /verify probes every management cluster: slower, and the counts do
  // not wait for it; a failure there is itself something to look at.
  const verify = useAsync(() => api.verify(), [api]);

  if (clusters.loading) return <Progress />;
  if (clusters.error) return <ResponseErrorPanel error={clusters.error} />;
  const glance = fleetGlance(clusters.value ?? [], verify.value);
  return (
    <>
      <Typography variant="body1" paragraph data-testid="fleet-glance-total">
        {glance.clusters === 1 ? '1 cluster' : `${glance.clusters} clusters`}
      </Typography>
      <Counts title="Phase" counts={glance.byPhase} />
      <Counts title="Health" counts={glance.byHealth} />
      {verify.loading && <Progress />}
      {verify.error && (
        <Alert severity="warning">
          The management clusters' checks could not be read:{' '}
          {verify.error.message}
        </Alert>
      )}
      {!verify.loading && <Attention items={glance.attention} />}
    </>
  );
}

/** The Fleet page's link, or none when the app mounts no Fleet page. */
function useFleetLink(): string | undefined {
  try {
    return useRouteRef(rootRouteRef)();
  } catch {
    return undefined;
  }
}

/** The fleet at a glance in a card, for a legacy app's home page. */
export function FleetSummaryCard() {
  const fleet = useFleetLink();
  return (
    <InfoCard
      title="Fleet at a glance"
      deepLink={
        fleet ? { title: 'Open the Fleet page', link: fleet } : undefined
      }
    >
      <FleetSummaryContent />
    </InfoCard>
  );
}
