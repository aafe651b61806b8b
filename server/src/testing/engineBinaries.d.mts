export function findRedisServer(): string | undefined;
export function findPostgresBin(): string | undefined;
export function prepareEngines(wanted: { redis: boolean; postgres: boolean }): Record<string, string>;
