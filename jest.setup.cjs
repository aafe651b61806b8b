// Runs after the test framework: the DOM matchers (toBeInTheDocument, toHaveAttribute, ...).
require('@testing-library/jest-dom');
// findBy and waitFor wait this long: a lazily loaded page may first have to be compiled on a cold cache.
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });
