/** /oss-cdn/{name}: one custom endpoint's header, statistics, top files, and the way back to all of them. */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BRAND, loadPeriods } from '@skylift/shared';
import { HostingInfo } from '../ossCdn/HostingInfo';
import { ProjectLinks } from '../ossCdn/ProjectLinks';
import { ProjectStats } from '../ossCdn/ProjectStats';
import { projectBySlug } from '../ossCdn/projects';
import '../ossCdn/ossCdn.css';

export function OssCdnProjectPage() {
  const { name = '' } = useParams();
  const project = projectBySlug(name);
  useEffect(() => {
    // The data range lists the periods with statistics; fetched once per page load, whoever asks first.
    void loadPeriods();
  }, []);
  if (!project) {
    return (
      <div className="st-oss">
        <h1>Custom endpoint not found</h1>
        <p>
          There is no custom endpoint named “{name}”. <Link to="/oss-cdn">See all custom endpoints</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="st-oss">
      <header className="st-project__head">
        <h1>{project.title}</h1>
        <p>{project.description}</p>
        <ProjectLinks project={project} />
      </header>
      <ProjectStats key={project.slug} project={project} />
      <p>
        <Link className="st-arrow-link" to="/oss-cdn">
          Explore all custom endpoints
        </Link>
      </p>
      <Link className="st-banner" to="/network/infographic">
        How {BRAND.name} serves files: the network infographic
      </Link>
      <HostingInfo />
    </div>
  );
}
