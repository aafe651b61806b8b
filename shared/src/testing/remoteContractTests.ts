/**
 * The checks every remote's test suite runs against the federation contract: its page declaration is valid
 * and publishable, each page renders one heading at its example address (loading its code lazily, as in the
 * shell), each example address belongs to its own page, and `./mount` renders into a plain element and
 * cleans up. Written with jest globals; imported by the remotes' tests.
 */
import { createElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PageRoutes } from '@skylift/shared/federation';
import { matchRoute, parseRemotePages, remotePagesOf, type MountModule, type PagesDeclaration } from '@skylift/shared/pages';
import { providePeriods } from '@skylift/shared/stores';

/**
 * A page's code is loaded on first render, as in the shell; on a cold test cache that means compiling the
 * page and everything it imports first, which can take seconds on a busy machine.
 */
const PAGE_LOAD_MS = 20_000;

export function describeRemoteContract(declaration: PagesDeclaration, mount: MountModule['mount'], expectedPaths: string[]): void {
  const published = remotePagesOf(declaration);

  describe(`${declaration.remote} federation contract`, () => {
    // A page's period dropdown has its list without downloading it: the pages render here without a data API.
    beforeEach(() => providePeriods([]));

    test('declares exactly the pages the remote owns, and the published form survives the check the web server makes', () => {
      expect(declaration.pages.map((page) => page.path)).toEqual(expectedPaths);
      expect(parseRemotePages(JSON.parse(JSON.stringify(published)))).toEqual(published);
    });

    for (const page of declaration.pages) {
      const example = page.example ?? page.path;
      test(
        `${example} belongs to ${page.path} and renders a page with one heading`,
        async () => {
          const match = matchRoute(example, [published]);
          expect(match?.kind === 'page' ? match.page.path : null).toBe(page.path);
          render(createElement(MemoryRouter, { initialEntries: [example] }, createElement(PageRoutes, { declaration })));
          const headings = await screen.findAllByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS });
          expect(headings).toHaveLength(1);
          expect(headings[0]?.textContent?.trim()).not.toBe('');
        },
        PAGE_LOAD_MS + 5_000,
      );
    }

    test(
      './mount renders a page into a plain element and its return value unmounts it',
      async () => {
        const element = document.createElement('div');
        document.body.appendChild(element);
        let unmount: () => void = () => {};
        act(() => {
          unmount = mount(element);
        });
        await screen.findAllByRole('heading', { level: 1 }, { timeout: PAGE_LOAD_MS });
        expect(element.querySelector('h1')).not.toBeNull();
        act(() => unmount());
        expect(element.innerHTML).toBe('');
        element.remove();
      },
      PAGE_LOAD_MS + 5_000,
    );
  });
}
