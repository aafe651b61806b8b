/**
 * The widget's whole stylesheet. It lives in the widget's shadow root, so the host page's rules cannot reach
 * in and these cannot leak out; `:host { all: initial }` also stops inherited fonts and colours. The colours are the
 * design tokens' values, written in: the host page has no tokens stylesheet.
 */
import { palette } from '@skylift/shared/styles';

export const WIDGET_STYLES = `
:host { all: initial; display: block; }
.slw {
  box-sizing: border-box;
  max-width: 40rem;
  padding: 1.1rem 1.2rem 1rem;
  border: 1px solid ${palette.slate200};
  border-radius: 12px;
  background: ${palette.white};
  color: ${palette.slate900};
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  box-shadow: 0 1px 3px color-mix(in srgb, ${palette.slate900} 6%, transparent), 0 8px 24px color-mix(in srgb, ${palette.slate900} 4%, transparent);
}
.slw *, .slw *::before, .slw *::after { box-sizing: inherit; }
.slw__top { display: flex; align-items: baseline; justify-content: space-between; gap: 0.75rem; flex-wrap: wrap; }
.slw__name { margin: 0; font-size: 1.15rem; font-weight: 700; overflow-wrap: anywhere; }
.slw__name a { color: inherit; text-decoration: none; }
.slw__name a:hover { text-decoration: underline; }
.slw__version { margin-left: 0.35rem; color: ${palette.slate500}; font-weight: 500; font-size: 0.95rem; }
.slw__usage { display: flex; gap: 1rem; margin: 0; color: ${palette.slate600}; font-size: 0.85rem; }
.slw__usage dt { display: inline; color: ${palette.slate500}; }
.slw__usage dd { display: inline; margin: 0 0 0 0.3rem; color: ${palette.slate900}; font-weight: 700; }
.slw__rows { display: flex; flex-direction: column; gap: 0.7rem; margin-top: 0.9rem; }
.slw__label { display: block; margin-bottom: 0.25rem; color: ${palette.slate500}; font-size: 0.75rem; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; }
.slw__box { display: flex; align-items: flex-start; gap: 0.5rem; padding: 0.55rem 0.55rem 0.55rem 0.75rem; border-radius: 8px; background: ${palette.slate900}; }
.slw__code { flex: 1; min-width: 0; margin: 0; color: ${palette.slate200}; font: 12.5px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; word-break: break-all; }
.slw__copy { position: relative; flex: none; }
.slw__copy button {
  padding: 0.25rem 0.65rem;
  border: 1px solid ${palette.slate700};
  border-radius: 6px;
  background: ${palette.slate800};
  color: ${palette.slate200};
  font: 600 12px/1.4 system-ui, sans-serif;
  cursor: pointer;
}
.slw__copy button:hover { background: ${palette.slate700}; }
.slw__copy button:focus-visible, .slw a:focus-visible { outline: 2px solid ${palette.blue400}; outline-offset: 2px; }
.slw__tip { position: absolute; right: 0; bottom: calc(100% + 6px); padding: 0.2rem 0.5rem; border-radius: 4px; background: ${palette.blue700}; color: ${palette.white}; font: 12px/1.4 system-ui, sans-serif; white-space: nowrap; }
.slw__tip:empty { display: none; }
.slw__foot { margin: 0.8rem 0 0; color: ${palette.slate500}; font-size: 0.75rem; }
.slw__foot a { color: ${palette.blue700}; text-decoration: none; font-weight: 600; }
.slw__foot a:hover { text-decoration: underline; }
.slw__message { margin: 0; color: ${palette.slate600}; }
.slw__message--error { color: ${palette.red700}; }
@media (max-width: 480px) { .slw { padding: 0.9rem; } .slw__usage { flex-direction: column; gap: 0; } }
`;
