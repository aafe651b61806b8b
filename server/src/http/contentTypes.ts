/** Content types several services answer with. */
export const TEXT_PLAIN = 'text/plain; charset=utf-8';
