import { testRuntimeConfig } from '../testing/runtimeConfigFixture';
import { proxiedImageUrl } from './imageProxy';

const config = { ...testRuntimeConfig(), wwwUrl: 'https://www.example.test/', cdnUrl: 'https://cdn.example.test', dataApiUrl: 'https://data.example.test/v1' };
const viaProxy = (url: string) => `https://www.example.test/img?url=${encodeURIComponent(url)}`;

test('another host’s image goes through the image proxy of the website', () => {
  expect(proxiedImageUrl('https://avatars.githubusercontent.com/u/1?v=4&s=40', config)).toBe(viaProxy('https://avatars.githubusercontent.com/u/1?v=4&s=40'));
  expect(proxiedImageUrl('http://img.shields.io/badge.svg', config)).toBe(viaProxy('http://img.shields.io/badge.svg'));
  expect(proxiedImageUrl('//gravatar.com/avatar/x', config)).toBe(viaProxy('https://gravatar.com/avatar/x'));
});

test('our own origins, relative addresses and data images are left as they are', () => {
  expect(proxiedImageUrl('https://cdn.example.test/npm/a@1/logo.png', config)).toBe('https://cdn.example.test/npm/a@1/logo.png');
  expect(proxiedImageUrl('https://data.example.test/v1/package/npm/a/badge', config)).toBe('https://data.example.test/v1/package/npm/a/badge');
  expect(proxiedImageUrl('https://www.example.test/img?url=x', config)).toBe('https://www.example.test/img?url=x');
  expect(proxiedImageUrl('/favicon.svg', config)).toBe('/favicon.svg');
  expect(proxiedImageUrl('data:image/png;base64,AAAA', config)).toBe('data:image/png;base64,AAAA');
});

test('anything that is not an http(s) image is not shown', () => {
  expect(proxiedImageUrl('javascript:alert(1)', config)).toBeNull();
  expect(proxiedImageUrl('data:text/html,<script>', config)).toBeNull();
  expect(proxiedImageUrl('', config)).toBeNull();
});
