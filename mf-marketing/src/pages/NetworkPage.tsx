import { useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSiteContent } from '@skylift/shared/stores';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import { scrollToHash } from '../markdown/scrollToHash';
import { ProviderMap } from '../network/ProviderMap';
import infoPageStyles from '../layout/InfoPage.module.css';
import networkStyles from '../network/Network.module.css';

/** /network: how requests reach the deployment and fail over (#failover, #china), and its map (#map). */
export function NetworkPage() {
  const { hash } = useLocation();
  const onReady = useCallback(() => scrollToHash(hash), [hash]);
  // Providers and their locations are the deployment's site content, shared with the statistics page.
  const { providers, locations } = useSiteContent();
  return (
    <div className={`${infoPageStyles.page} ${networkStyles.network}`}>
      <h1>Our Network</h1>
      <section id="map" aria-labelledby="mk-map-title">
        <h2 id="mk-map-title">Points of presence</h2>
        <ProviderMap providers={providers} locations={locations} />
      </section>
      <MarkdownDocument file="network/network.md" onReady={onReady} />
      <p>
        <Link to="/network/infographic">The network at a glance</Link>
      </p>
    </div>
  );
}
