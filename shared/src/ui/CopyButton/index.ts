export { CopyButton, type CopyButtonProps } from './CopyButton';
export { copyText, COPIED_TEXT, COPY_FAILED_TEXT, COPY_TOOLTIP_MS } from './copyText';
