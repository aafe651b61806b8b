/** The three sections of /statistics and its copyright line, in a chunk of their own fetched on the first visit. */
import { Copyright } from './Copyright';
import { GlobalSection } from './GlobalSection';
import { NetworkSection } from './NetworkSection';
import { ProjectsSection } from './ProjectsSection';
import './statistics.module.css';

export default function StatisticsSections({ period }: { period: string }) {
  return (
    <>
      <GlobalSection period={period} />
      <NetworkSection period={period} />
      <ProjectsSection period={period} />
      <Copyright />
    </>
  );
}
