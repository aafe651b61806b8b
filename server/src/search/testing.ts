/** Configuration for search tests: a fresh data directory, no logs, and no upstream beyond loopback. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config/config.ts';

export function searchTestConfig(env: Record<string, string> = {}): { config: Config; cleanup: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-test-'));
  const config = loadConfig({
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_LOG_LEVEL: 'silent',
    // Never reached by these tests unless a test starts a fixture registry and says so.
    SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
    SKYLIFT_SEARCH_APP_ID: 'TESTAPP',
    SKYLIFT_SEARCH_API_KEY: 'test-search-key',
    SKYLIFT_SEARCH_INDEX: 'npm-search',
    ...env,
  });
  return { config, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
