import { describeRemoteContract } from '@skylift/shared/federation/remoteContractTests';
import { mount } from '../mount';
import { EXAMPLE_PATHS } from '../examplePaths';
import { pages } from './index';

describeRemoteContract('mf-search', { pages, mount }, EXAMPLE_PATHS);
