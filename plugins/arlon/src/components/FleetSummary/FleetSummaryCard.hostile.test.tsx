import { screen, within } from '@testing-library/react';
import { renderArlon } from '../../__testUtils__/renderArlon';
import {
  clusterStatus,
  exampleFleetApi,
} from '../../__testUtils__/exampleFleet';
import type { VerifyResponse } from '../../api/ArlonClient';
import { FleetSummaryContent } from './FleetSummaryCard';

/**
 * The home page widget over what the API may answer for a hostile or very
 * large fleet: names are text, never markup; a name that is not an entity
 * name is not a link; a long list stays short on a home page.
 */
const healthy = {
  'dev-local': clusterStatus('Provisioned', [['guestbook', 'Healthy']]),
  'staging-eu': clusterStatus('Provisioned', [['calico', 'Healthy']]),
  'prod-us-west': clusterStatus('Provisioned', []),
  'edge-imported': null,
};

/** GET /verify holding the given definitions at last known good. */
function holding(
  definitions: Array<{ kind: any; name: string; file?: string }>,
): VerifyResponse {
  return {
    managementClusters: [],
    lastKnownGood: {
      status: 'ok',
      held: {
        commit: 'abc',
        definitions: definitions.map(d => ({
          kind: d.kind,
          name: d.name,
          problems: [
            {
              file: d.file ?? `arlon/bundles/${d.name}.yaml`,
              line: 1,
              message: 'invalid',
            } as any,
          ],
          clusters: [],
        })),
        unattributed: [],
        clusters: [],
        historyTruncated: false,
      },
    },
  } as VerifyResponse;
}

describe('FleetSummaryContent, hostile', () => {
  it('shows a name and file with HTML in them as text, never as markup', async () => {
    const { container } = await renderArlon(<FleetSummaryContent />, {
      api: exampleFleetApi(
        healthy,
        holding([
          {
            kind: 'Bundle',
            name: '<img src=x onerror=alert(1)>',
            file: 'arlon/<script>alert(2)</script>.yaml',
          },
        ]),
      ),
    });
    const attention = await screen.findByTestId('fleet-glance-attention');
    expect(attention).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(attention).toHaveTextContent('arlon/<script>alert(2)</script>.yaml');
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('shows a held definition whose name is not an entity name as text, not a link (and still renders)', async () => {
    await renderArlon(<FleetSummaryContent />, {
      api: exampleFleetApi(
        healthy,
        holding([{ kind: 'Profile', name: 'a:b/c d' }]),
      ),
    });
    const attention = await screen.findByTestId('fleet-glance-attention');
    expect(attention).toHaveTextContent('Profile a:b/c d');
    expect(within(attention).queryAllByRole('link')).toHaveLength(0);
  });

  it('lists at most 10 things needing attention and says how many more the Fleet page has', async () => {
    await renderArlon(<FleetSummaryContent />, {
      api: exampleFleetApi(
        healthy,
        holding(
          Array.from({ length: 2000 }, (_, i) => ({
            kind: 'Bundle',
            name: `b${i}`,
          })),
        ),
      ),
    });
    const attention = await screen.findByTestId('fleet-glance-attention');
    expect(within(attention).getAllByRole('listitem')).toHaveLength(10);
    expect(attention).toHaveTextContent('and 1990 more');
  });

  it('names at most 5 of the clusters a held definition holds', async () => {
    const verify = holding([{ kind: 'Profile', name: 'apps' }]);
    if (verify.lastKnownGood?.status === 'ok')
      verify.lastKnownGood.held.definitions[0].clusters = Array.from(
        { length: 500 },
        (_, i) => `c${i}`,
      );
    await renderArlon(<FleetSummaryContent />, {
      api: exampleFleetApi(healthy, verify),
    });
    const attention = await screen.findByTestId('fleet-glance-attention');
    expect(attention).toHaveTextContent(
      'holds c0, c1, c2, c3, c4 and 495 more',
    );
    expect(attention).not.toHaveTextContent('c5,');
  });

  it('lists a held cluster and the same cluster failing as two items', async () => {
    await renderArlon(<FleetSummaryContent />, {
      api: exampleFleetApi(
        { ...healthy, 'prod-us-west': clusterStatus('Failed', []) },
        holding([{ kind: 'Cluster', name: 'prod-us-west' }]),
      ),
    });
    const attention = await screen.findByTestId('fleet-glance-attention');
    expect(
      within(attention).getAllByRole('link', { name: 'Cluster prod-us-west' }),
    ).toHaveLength(2);
  });
});
