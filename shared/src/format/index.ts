export { formatNumber, NOT_A_NUMBER } from './number';
export { formatBytes, BYTE_UNITS } from './bytes';
export { formatShort, SHORT_SUFFIXES } from './short';
export { growthPercent, displayedGrowth, formatGrowth, isNewGrowth, NEW_GROWTH } from './growth';
export { escapeHtml } from './escapeHtml';
