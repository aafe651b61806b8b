// The remote's standalone page: its own routes, without the shell.
import { renderStandalone } from '@skylift/shared/federation/index';
import { pages } from './pages';
import { EXAMPLE_PATHS } from './examplePaths';

renderStandalone({ remote: 'mf-tools', pages, examples: EXAMPLE_PATHS });
