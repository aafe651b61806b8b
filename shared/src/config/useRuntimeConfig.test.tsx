import { act, render, screen } from '@testing-library/react';
import { testRuntimeConfig } from '../testing/runtimeConfigFixture';
import { resetRuntimeConfig, setRuntimeConfig, useRuntimeConfig } from './runtimeConfig';

function CdnLink() {
  const config = useRuntimeConfig();
  return <p>{config ? `CDN at ${config.cdnUrl}` : 'Loading configuration'}</p>;
}

beforeEach(() => resetRuntimeConfig());

it('renders nothing loaded at first, then the configuration once it is published', () => {
  render(<CdnLink />);
  expect(screen.getByText('Loading configuration')).toBeInTheDocument();

  act(() => setRuntimeConfig(testRuntimeConfig()));

  expect(screen.getByText('CDN at http://127.0.0.1:9/cdn')).toBeInTheDocument();
});
