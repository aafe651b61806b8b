import { describeRemoteContract } from '@skylift/shared/federation/remoteContractTests';
import { mount } from '../mount';
import { pages } from './index';

describeRemoteContract(pages, mount, [
  '/esm',
  '/github',
  '/foundationcdn',
  '/unpkg',
  '/google',
  '/tools/purge',
  '/tools/importmap',
  '/gsap',
  '/skypack',
  '/esmsh',
]);
