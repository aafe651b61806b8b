import { describeRemoteContract } from '@skylift/shared/federation/remoteContractTests';
import { mount } from '../mount';
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
  '/globalping',
  '/globalping/network-tools/:tool',
]);
