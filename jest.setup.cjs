// Runs after the test framework: the DOM matchers (toBeInTheDocument, toHaveAttribute, ...).
require('@testing-library/jest-dom');
