import { renderInTestApp } from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import { StatusLabel } from './StatusLabel';

describe('StatusLabel', () => {
  it.each([
    ['Provisioned', 'Status ok'],
    ['Degraded', 'Status error'],
    ['Provisioning', 'Status running'],
    ['OutOfSync', 'Status warning'],
    // Nobody could tell (a Helm bundle the sandbox does not render): neutral, not an error.
    ['Unknown', 'Status aborted'],
  ])('shows %s as %s', async (value, label) => {
    await renderInTestApp(<StatusLabel value={value} />);
    expect(screen.getByText(value).closest('[aria-label]')).toHaveAttribute(
      'aria-label',
      label,
    );
  });
});
