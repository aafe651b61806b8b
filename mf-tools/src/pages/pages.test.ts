import { describeRemoteContract } from '@skylift/shared/testing';
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
