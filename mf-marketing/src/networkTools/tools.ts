/** The measurement types the tool pages run, and the preset locations of their `-from-...` variants. */
export type MeasurementType = 'ping' | 'traceroute' | 'dns' | 'http';

export const MEASUREMENT_TYPES: readonly MeasurementType[] = ['ping', 'traceroute', 'dns', 'http'];

export const TOOL_LABELS: Record<MeasurementType, string> = { ping: 'Ping', traceroute: 'Traceroute', dns: 'DNS', http: 'HTTP' };

export const TOOL_DESCRIPTIONS: Record<MeasurementType, string> = {
  ping: 'Round-trip time and packet loss from each probe to a host.',
  traceroute: 'The route packets take from each probe to a host, hop by hop.',
  dns: 'How a domain name resolves from each probe, and how long the answer takes.',
  http: 'Status and timings of an HTTP request to a URL from each probe.',
};

export interface RegionPreset {
  suffix: string;
  /** How the page names it: "from Europe". */
  label: string;
  /** The location sent to the API (a "magic" location: a continent, country or network name). */
  location: string;
}

export const REGION_PRESETS: readonly RegionPreset[] = [
  { suffix: 'from-europe', label: 'from Europe', location: 'Europe' },
  { suffix: 'from-united-states', label: 'from the United States', location: 'United States' },
  { suffix: 'from-amazoncom-inc', label: 'from Amazon.com, Inc.', location: 'Amazon.com' },
];

export interface ToolRoute {
  type: MeasurementType;
  region: RegionPreset | null;
}

/** `dns-from-europe` -> dns with the Europe preset; null for anything that is not a tool page. */
export function parseToolParam(tool: string): ToolRoute | null {
  const dash = tool.indexOf('-');
  const name = dash === -1 ? tool : tool.slice(0, dash);
  const suffix = dash === -1 ? '' : tool.slice(dash + 1);
  const type = MEASUREMENT_TYPES.find((candidate) => candidate === name);
  if (!type) return null;
  if (suffix === '') return { type, region: null };
  const region = REGION_PRESETS.find((preset) => preset.suffix === suffix);
  return region ? { type, region } : null;
}

/** The tool page addresses: every type, alone and with each preset. */
export function toolPaths(type: MeasurementType): Array<{ path: string; label: string }> {
  return [
    { path: `/globalping/network-tools/${type}`, label: `${TOOL_LABELS[type]} from anywhere` },
    ...REGION_PRESETS.map((preset) => ({ path: `/globalping/network-tools/${type}-${preset.suffix}`, label: `${TOOL_LABELS[type]} ${preset.label}` })),
  ];
}

/** What `/globalping/network-tools/:tool` accepts: a type, optionally with a preset location; anything else is no page. */
export const TOOL_PARAM_PATTERN = `(${MEASUREMENT_TYPES.join('|')})(-(${REGION_PRESETS.map((preset) => preset.suffix).join('|')}))?`;
