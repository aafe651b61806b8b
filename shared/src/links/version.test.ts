import { aliasVersion, majorOnlyVersion } from './version';

describe('aliasVersion', () => {
  test('exact keeps the version', () => expect(aliasVersion('3.7.1', 'exact')).toBe('3.7.1'));
  test('minor keeps major.minor (latest patch)', () => expect(aliasVersion('3.7.1', 'minor')).toBe('3.7'));
  test('major keeps the major (latest minor)', () => expect(aliasVersion('3.7.1', 'major')).toBe('3'));
  test('none drops the version (latest major)', () => expect(aliasVersion('3.7.1', 'none')).toBeNull());
  test('a prerelease shortens by its numbers', () => expect(aliasVersion('4.0.0-beta.2', 'minor')).toBe('4.0'));
  test('tags and commits cannot be shortened and stay as they are', () => {
    expect(aliasVersion('latest', 'major')).toBe('latest');
    expect(aliasVersion('0f3c2a1', 'minor')).toBe('0f3c2a1');
  });
});

describe('majorOnlyVersion', () => {
  test('shortens to the major when it is above 0', () => {
    expect(majorOnlyVersion('3.7.1')).toBe('3');
    expect(majorOnlyVersion('12.0.0')).toBe('12');
  });
  test('keeps 0.x versions whole', () => expect(majorOnlyVersion('0.4.2')).toBe('0.4.2'));
  test('keeps what is not a version', () => expect(majorOnlyVersion('main')).toBe('main'));
});
