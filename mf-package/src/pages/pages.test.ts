import { describeRemoteContract } from '@skylift/shared/federation/remoteContractTests';
import { mount } from '../mount';
import { pages } from './index';

describeRemoteContract(pages, mount, ['/package/npm/:name', '/package/npm/:scope/:name', '/package/gh/:user/:repo']);
