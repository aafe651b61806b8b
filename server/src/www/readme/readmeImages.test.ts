import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { AllowedImageHosts } from '../images/allowedHosts.ts';
import { readmeImageProxy } from '../images/imageHosts.ts';
import { renderReadme } from './renderReadme.ts';

const ORIGINS = { wwwUrl: 'https://www.example.test', cdnUrl: 'https://cdn.example.test', dataApiUrl: 'https://data.example.test' };
const proxyImage = readmeImageProxy(new AllowedImageHosts(['img.shields.io', '*.githubusercontent.com']), ORIGINS);
const proxied = (url: string): string => `https://www.example.test/img?url=${encodeURIComponent(url)}`;

function render(text: string): Document {
  const html = renderReadme({ path: '/README.md', text, fileBase: 'https://cdn.example.test/npm/lib@1.0.0', hasFile: () => true, proxyImage });
  return new JSDOM(html).window.document;
}

const sources = (doc: Document): Array<string | null> => [...doc.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('readme images of other hosts', () => {
  it('are shown through the image proxy, the package’s own files and data images as they are', () => {
    const doc = render(
      [
        '![build](https://img.shields.io/badge/build-passing-green.svg)',
        '![avatar](//avatars.githubusercontent.com/u/1?v=4)',
        '![logo](./media/logo.png)',
        '![cdn](https://cdn.example.test/npm/lib@1.0.0/a.png)',
        '![dot](data:image/png;base64,iVBORw0KGgo=)',
      ].join('\n\n'),
    );
    assert.deepEqual(sources(doc), [
      proxied('https://img.shields.io/badge/build-passing-green.svg'),
      proxied('https://avatars.githubusercontent.com/u/1?v=4'),
      'https://cdn.example.test/npm/lib@1.0.0/media/logo.png',
      'https://cdn.example.test/npm/lib@1.0.0/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
  });

  it('of a host the proxy does not fetch from are replaced by their text, escaped, and the rest of the paragraph stays', () => {
    const doc = render('Before <img src="https://tracker.example.test/pixel.gif" alt="<b>Status</b>"> after');
    assert.deepEqual(sources(doc), []);
    assert.equal(doc.querySelector('p')?.textContent, 'Before <b>Status</b> after');
    assert.equal(doc.querySelector('p b'), null, 'the alt text is text, not markup');
  });

  it('in a picture’s sources go through the proxy too; a source of a host not allowed is left out', () => {
    const doc = render(
      [
        '<picture>',
        '<source media="(prefers-color-scheme: dark)" srcset="https://img.shields.io/dark.svg 1x, https://img.shields.io/dark@2x.svg 2x">',
        '<source media="(min-width: 10px)" srcset="https://tracker.example.test/light.svg">',
        '<img src="https://img.shields.io/light.svg" alt="logo">',
        '</picture>',
      ].join(''),
    );
    const sourceSets = [...doc.querySelectorAll('source')].map((source) => source.getAttribute('srcset'));
    assert.deepEqual(sourceSets, [`${proxied('https://img.shields.io/dark.svg')} 1x, ${proxied('https://img.shields.io/dark@2x.svg')} 2x`]);
    assert.deepEqual(sources(doc), [proxied('https://img.shields.io/light.svg')]);
    assert.doesNotMatch(doc.body.innerHTML, /tracker\.example\.test/);
  });
});
