import { render, screen } from '@testing-library/react';
import { Notice } from './Notice';

describe('Notice', () => {
  it('announces errors at once', () => {
    render(
      <Notice variant="error" title="Failed to load the file listing.">
        Package size exceeded the configured limit of 50 MB.
      </Notice>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the file listing.');
    expect(alert).toHaveTextContent('Package size exceeded the configured limit of 50 MB.');
    expect(alert).toHaveClass('sl-notice--error');
  });

  it('announces information and warnings politely', () => {
    render(
      <>
        <Notice>No statistics yet</Notice>
        <Notice variant="warning">Relative imports may break in combined files.</Notice>
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => s.textContent)).toEqual(['No statistics yet', 'Relative imports may break in combined files.']);
    expect(statuses[0]).toHaveClass('sl-notice--info');
    expect(statuses[1]).toHaveClass('sl-notice--warning');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
