import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { hit } from '../testing/searchDoubles';
import { SearchHitCard } from './SearchHitCard';
import styles from './search.module.css';

beforeEach(() => setRuntimeConfig(testRuntimeConfig()));
afterEach(() => resetRuntimeConfig());

function avatarOf(owner: { name: string; avatar: string }): HTMLImageElement | null {
  const { container } = render(
    <MemoryRouter>
      <ul>
        <SearchHitCard hit={hit('react', { owner: { ...owner, link: '' } })} />
      </ul>
    </MemoryRouter>,
  );
  return container.querySelector(`img.${styles.hitAvatar}`);
}

test("a hit's avatar of another host is loaded through our image proxy", () => {
  const avatar = avatarOf({ name: 'facebook', avatar: 'https://github.com/facebook.png' });
  expect(avatar?.getAttribute('src')).toBe(`${testRuntimeConfig().wwwUrl}/img?url=${encodeURIComponent('https://github.com/facebook.png')}`);
});

test('a hit without an avatar shows none', () => {
  expect(avatarOf({ name: 'octo', avatar: '' })).toBeNull();
});
