import { describeRemoteContract } from '@skylift/shared/testing';
import { mount } from '../mount';
import posts from '../../content/blog/posts.json';
import { pages } from './index';

describeRemoteContract(pages, mount, [
  '/about',
  '/become-a-sponsor',
  '/network',
  '/network/infographic',
  '/new-jsdelivr',
  '/sponsors',
  '/using-sri-with-dynamic-files',
  '/terms',
  '/terms/:currentPolicy',
  '/history',
  '/documentation',
  '/docs/data.jsdelivr.com',
  '/docs/api.globalping.io',
  '/blog',
  // A page per post of the content folder.
  ...posts.map((post) => `/blog/${post.slug}`),
  '/globalping',
  '/globalping/network-tools/:tool',
]);
