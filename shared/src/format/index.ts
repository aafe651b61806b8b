/**
 * `@skylift/shared/format`: how the site writes values: numbers, bytes, short figures, growth, HTML-escaped
 * text, and an image's address as the site shows it (through the web server's image proxy). Pure: the web
 * server reads it too; the main entry re-exports it.
 */
export { formatNumber, NOT_A_NUMBER } from './number';
export { formatBytes, BYTE_UNITS } from './bytes';
export { formatShort, SHORT_SUFFIXES } from './short';
export { growthPercent, displayedGrowth, formatGrowth, isNewGrowth, NEW_GROWTH } from './growth';
export { escapeHtml } from './escapeHtml';
export { proxiedImageUrl, IMAGE_PROXY_PATH, type ImageOrigins } from '../images/imageProxy';
