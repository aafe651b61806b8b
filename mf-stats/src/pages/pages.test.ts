import { describeRemoteContract } from '@skylift/shared/testing';
import { mount } from '../mount';
import { pages } from './index';

describeRemoteContract(pages, mount, ['/statistics', '/oss-cdn', '/oss-cdn/:name']);
