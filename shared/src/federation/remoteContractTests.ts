/**
 * The checks every remote's test suite runs against the federation contract: `./pages` has exactly the
 * route-table patterns the remote owns, each page renders a heading at a real address, and `./mount`
 * renders into a plain element and cleans up. Written with jest globals; imported by the remotes' tests.
 */
import { createElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PAGE_ROUTES, type RemoteName } from '../routes/routeTable';
import { PageRoutes } from './PageRoutes';
import type { MountModule, PagesModule } from './contract';

export function describeRemoteContract(remote: RemoteName, exposes: { pages: PagesModule['pages']; mount: MountModule['mount'] }, examples: string[]): void {
  const owned = PAGE_ROUTES.filter((route) => route.remote === remote);

  describe(`${remote} federation contract`, () => {
    test('./pages has one page for each route-table pattern the remote owns, and no other', () => {
      expect(Object.keys(exposes.pages).sort()).toEqual(owned.map((route) => route.path).sort());
    });

    for (const path of examples) {
      test(`${path} renders a page with a heading`, () => {
        render(createElement(MemoryRouter, { initialEntries: [path] }, createElement(PageRoutes, { pages: exposes.pages })));
        const headings = screen.getAllByRole('heading', { level: 1 });
        expect(headings).toHaveLength(1);
        expect(headings[0]?.textContent?.trim()).not.toBe('');
      });
    }

    test('./mount renders a page into a plain element and its return value unmounts it', () => {
      const element = document.createElement('div');
      document.body.appendChild(element);
      let unmount: () => void = () => {};
      act(() => {
        unmount = exposes.mount(element, { path: examples[0] });
      });
      expect(element.querySelector('h1')).not.toBeNull();
      act(() => unmount());
      expect(element.innerHTML).toBe('');
      element.remove();
    });
  });
}
