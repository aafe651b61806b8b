import { RELOAD_WINDOW_MS, reloadForNewDeployment, type ReloadEnvironment } from './reloadForNewDeployment';

function environment(pathname: string, now: number, store: Map<string, string>): ReloadEnvironment & { reloads: number } {
  const env = {
    reloads: 0,
    now,
    storage: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) },
    location: { pathname, search: '', hash: '', reload: () => (env.reloads += 1) },
  };
  return env;
}

test('reloads once per address: a second failure within a minute is left to the fallback, a later one reloads again', () => {
  const store = new Map<string, string>();
  const first = environment('/tools/purge', 1_000, store);
  expect(reloadForNewDeployment(first)).toBe(true);
  expect(first.reloads).toBe(1);
  const again = environment('/tools/purge', 1_000 + RELOAD_WINDOW_MS - 1, store);
  expect(reloadForNewDeployment(again)).toBe(false);
  expect(again.reloads).toBe(0);
  expect(reloadForNewDeployment(environment('/github', 2_000, store))).toBe(true);
  expect(reloadForNewDeployment(environment('/tools/purge', 1_000 + RELOAD_WINDOW_MS + 1, store))).toBe(true);
});

test('without storage no reload is tried: nothing could stop a loop', () => {
  const env = { ...environment('/tools/purge', 0, new Map()), storage: null };
  expect(reloadForNewDeployment(env)).toBe(false);
});
