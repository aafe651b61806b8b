import { clientLogo } from './clientLogos';

test.each([
  ['Chrome', 'Google Chrome'],
  ['Mobile Chrome', 'Google Chrome'],
  ['Mobile Safari', 'Safari'],
  ['Safari', 'Safari'],
  ['Firefox', 'Firefox Browser'],
  ['Samsung Internet', 'Samsung'],
  ['Opera', 'Opera'],
  ['macOS', 'macOS'],
  ['iOS', 'iOS'],
  ['Android', 'Android'],
  ['Ubuntu', 'Ubuntu'],
  ['Linux', 'Linux'],
])('%s shows the %s mark', (name, title) => {
  expect(clientLogo(name)?.title).toBe(title);
  expect(clientLogo(name)?.color).toMatch(/^#[0-9A-F]{6}$/i);
});

test.each(['Windows', 'Edge', 'Other', 'Unknown', ''])('%s has no mark: the "Other" icon stands in', (name) => {
  expect(clientLogo(name)).toBeNull();
});
