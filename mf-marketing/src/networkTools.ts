/** The network-testing tool's tests that have a page of their own, and the regional variants of each. */
export const NETWORK_TOOLS = [
  { name: 'ping', label: 'Ping' },
  { name: 'traceroute', label: 'Traceroute' },
  { name: 'dns', label: 'DNS' },
  { name: 'http', label: 'HTTP' },
] as const;

export const NETWORK_TOOL_VARIANTS = [
  { suffix: '', label: 'online' },
  { suffix: '-from-europe', label: 'from Europe' },
  { suffix: '-from-united-states', label: 'from the United States' },
  { suffix: '-from-amazoncom-inc', label: 'from Amazon' },
] as const;

/** What `/globalping/network-tools/:tool` accepts: a test, optionally with a regional variant. */
export const NETWORK_TOOL_PATTERN = `(${NETWORK_TOOLS.map((t) => t.name).join('|')})(${NETWORK_TOOL_VARIANTS.filter((v) => v.suffix)
  .map((v) => v.suffix)
  .join('|')})?`;
