/**
 * Restarts as the product reports them: the launcher's log lines on its output, and each service's
 * `skylift_process_restarts_total{service,cause}` on `/metrics`.
 */

export interface Restart {
  /** Milliseconds on the benchmark's clock when the line was read. */
  at: number;
  service: string;
  cause: string;
  pid?: number;
  slot?: number;
}

/**
 * A restart from one line of the launcher's output, or undefined. The launcher logs
 * `{"level":"warn","msg":"process restarted","service":"data","slot":0,"pid":123,"cause":"signal SIGKILL",...}`;
 * an older launcher wrote `data: the service process stopped (SIGKILL); starting it again`.
 */
export function parseRestart(line: string, at: number): Restart | undefined {
  const text = line.trim();
  if (text.startsWith('{')) {
    try {
      const entry = JSON.parse(text) as Record<string, unknown>;
      if (entry['msg'] !== 'process restarted' || typeof entry['service'] !== 'string') return undefined;
      return {
        at,
        service: entry['service'],
        cause: typeof entry['cause'] === 'string' ? entry['cause'] : 'unknown',
        pid: typeof entry['pid'] === 'number' ? entry['pid'] : undefined,
        slot: typeof entry['slot'] === 'number' ? entry['slot'] : undefined,
      };
    } catch {
      return undefined;
    }
  }
  const old = /^(\w+): the service process stopped \(([^)]*)\); starting it again$/.exec(text);
  if (!old) return undefined;
  const cause = /^SIG/.test(old[2]!) ? `signal ${old[2]}` : old[2]!.replace(/^code /, 'exit code ');
  return { at, service: old[1]!, cause };
}

/** Lines of the output that report a failure of the product itself: error and fatal JSON lines, the first line of a printed error. */
export function isErrorLine(line: string): boolean {
  const text = line.trim();
  if (text.startsWith('{')) {
    try {
      const level = (JSON.parse(text) as Record<string, unknown>)['level'];
      return level === 'error' || level === 'fatal' || level === 50 || level === 60;
    } catch {
      return false;
    }
  }
  return /^(Uncaught|Unhandled|\w*Error\b)/.test(text);
}

/** `skylift_process_restarts_total` samples of one `/metrics` text: "service cause" -> count. */
export function restartsFromMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^skylift_process_restarts_total\{([^}]*)\}\s+([0-9.e+]+)/.exec(line);
    if (!match) continue;
    const labels = new Map([...match[1]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    out.set(`${labels.get('service') ?? '?'}\t${labels.get('cause') ?? '?'}`, Number(match[2]));
  }
  return out;
}
