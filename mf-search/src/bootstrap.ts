// The remote's standalone page: its own routes, without the shell.
import { renderStandalone } from '@skylift/shared/federation';
import { pages } from './pages';

renderStandalone({ declaration: pages });
