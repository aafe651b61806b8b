import { useEffect, useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PagesModule } from '@skylift/shared/pages';
import { loadRemoteModule } from '../remotes/loadRemoteModule';
import { fakePagesModule } from '../testing/fakeRemotes';
import { installFakeSite } from '../testing/fakeSite';
import { renderShell } from '../testing/renderShell';
import { forgetLoadedPages } from '../remotes/loadRemotePages';
import { resetRemoteRegistry } from '../startup/remoteRegistry';

jest.mock('../remotes/loadRemoteModule', () => ({
  loadRemoteModule: jest.fn(),
  registerRemoteManifest: jest.fn(),
}));
jest.mock('./fullPageNavigation', () => ({ leaveSiteFor: jest.fn() }));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

/** Lets the test say when the about page's people (loaded data, in the real page) arrive. */
let showPeople: () => void = () => undefined;
/** Whether the people are there from the first render. */
let peopleAtOnce = false;

/** The about page as a remote renders it: its heading at once, the people section once its data arrived. */
function AboutPage() {
  const [people, setPeople] = useState(peopleAtOnce);
  useEffect(() => {
    showPeople = () => setPeople(true);
  }, []);
  return (
    <>
      <h1>About us</h1>
      {people && (
        <section id="people">
          <h2>People</h2>
        </section>
      )}
      <p>
        <a href="#history">History</a>
      </p>
    </>
  );
}

function marketingModule(): PagesModule {
  const module = fakePagesModule('mf-marketing');
  return {
    pages: {
      ...module.pages,
      pages: module.pages.pages.map((page) => (page.path === '/about' ? { ...page, load: async () => AboutPage } : page)),
    },
  };
}

let scrolled: Array<{ id: string; options: unknown }>;

beforeEach(() => {
  installFakeSite();
  forgetLoadedPages();
  resetRemoteRegistry();
  load.mockReset();
  load.mockImplementation(async (remote) => (remote === 'mf-marketing' ? marketingModule() : fakePagesModule(remote)) as never);
  window.scrollTo = jest.fn();
  scrolled = [];
  Element.prototype.scrollIntoView = jest.fn(function (this: Element, options?: unknown) {
    scrolled.push({ id: this.id, options });
  });
  showPeople = () => undefined;
  peopleAtOnce = false;
});

test('a fresh load of /about#people scrolls to the people section once the remote has rendered it, and once only', async () => {
  renderShell('/about#people');
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
  // The section is not there yet: nothing to scroll to, nothing scrolled.
  expect(scrolled).toEqual([]);
  act(() => showPeople());
  await waitFor(() => expect(scrolled).toEqual([{ id: 'people', options: { behavior: 'auto', block: 'start' } }]));
  // Later changes of the page (its element has not moved) do not scroll again.
  act(() => {
    document.body.append(document.createElement('div'));
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(scrolled).toHaveLength(1);
});

test('an element there from the first render of the page is scrolled to as soon as the page arrives', async () => {
  peopleAtOnce = true;
  renderShell('/about#people');
  expect(await screen.findByRole('heading', { name: 'People' })).toBeInTheDocument();
  await waitFor(() => expect(scrolled).toEqual([{ id: 'people', options: { behavior: 'auto', block: 'start' } }]));
});

test('a hash that names no element leaves the page where it is', async () => {
  renderShell('/about#nowhere');
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
  act(() => showPeople());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(scrolled).toEqual([]);
});

test('a visitor who scrolls while the page loads is left where they are', async () => {
  renderShell('/about#people');
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
  fireEvent.wheel(window);
  act(() => showPeople());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(scrolled).toEqual([]);
});

test('an address without a hash scrolls to nothing', async () => {
  renderShell('/about');
  expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
  act(() => showPeople());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(scrolled).toEqual([]);
});
