import { describeRemoteContract } from '@skylift/shared/testing';
import { mount } from '../mount';
import { pages } from './index';

describeRemoteContract(pages, mount, ['/package/npm/:name', '/package/npm/:scope/:name', '/package/gh/:user/:repo']);
