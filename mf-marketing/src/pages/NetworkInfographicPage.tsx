import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { contentUrl } from '../content/contentUrl';
import infoPageStyles from '../layout/InfoPage.module.css';
import networkStyles from '../network/Network.module.css';

/** /network/infographic: content/network/infographic.svg as a figure, with its text for those who cannot see it. */
export function NetworkInfographicPage() {
  return (
    <div className={infoPageStyles.page}>
      <h1>Network infographic</h1>
      <figure className={networkStyles.infographic} aria-labelledby="mk-infographic-caption">
        <img src={contentUrl('network/infographic.svg')} alt={`How a request travels through the ${BRAND.name} network`} width={960} height={560} />
        <figcaption id="mk-infographic-caption">
          A visitor’s browser asks a CDN provider for a file. The provider answers from its cache, or asks the origin, which answers from its own file cache or
          fetches the package from npm, GitHub or a custom endpoint’s host. Every answer is written to the request log, which the data service turns into the
          public statistics.
        </figcaption>
      </figure>
      <p>
        <Link to="/network">More about the network</Link>
      </p>
    </div>
  );
}
