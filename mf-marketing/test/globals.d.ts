type MockRoute = unknown | { status?: number; body: unknown; headers?: Record<string, string> } | ((url: string, init?: RequestInit) => unknown);

declare global {
  /** Installed by test/contentFetch.cjs: answers for addresses other than content files (prefix match). */
  var mockFetchRoutes: (routes: Record<string, MockRoute>) => jest.Mock;
}

export {};
