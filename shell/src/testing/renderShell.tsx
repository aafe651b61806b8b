/** Renders the whole shell (frame and routes) at an address, as the browser would after start-up. */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../App';

export const locationRef: { current: { pathname: string; hash: string } } = { current: { pathname: '', hash: '' } };

function LocationProbe() {
  const location = useLocation();
  locationRef.current = { pathname: location.pathname, hash: location.hash };
  return null;
}

export function renderShell(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}
