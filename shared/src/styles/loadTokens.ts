/**
 * Puts the design tokens (tokens.css, custom properties on :root) on the page. The shell imports it once for the
 * whole site, a remote's standalone page through renderStandalone; the remotes' stylesheets only read the tokens.
 */
import './tokens.css';
