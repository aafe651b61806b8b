import { act, screen } from '@testing-library/react';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { mount } from '../mount';

beforeEach(() => setRuntimeConfig(testRuntimeConfig()));
afterEach(() => resetRuntimeConfig());

test("mount(element, { widget: 'search' }) embeds the compact search in a plain element, and unmounts cleanly", () => {
  const element = document.createElement('div');
  document.body.appendChild(element);
  let unmount: () => void = () => {};
  act(() => {
    unmount = mount(element, { widget: 'search' });
  });
  expect(screen.getByRole('combobox', { name: 'Search packages' })).toBeInTheDocument();
  expect(element.querySelector('h1')).toBeNull();
  act(() => unmount());
  expect(element.innerHTML).toBe('');
  element.remove();
});
