/** The search query is debounced by 40 ms (100 ms is the default elsewhere). */
export const QUERY_DEBOUNCE_MS = 40;
