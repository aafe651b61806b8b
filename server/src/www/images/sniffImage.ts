/**
 * The type of an image read from its first bytes, never from what the upstream says it is: a host may send
 * HTML or script as `image/png`, or an SVG as `text/plain`. Only the formats browsers show in an `<img>`
 * are recognised; anything else is not an image to us.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** Whether a text (an XML document's start) has `<svg` as its root element, after the prolog, comments and a doctype. */
function isSvgText(text: string): boolean {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end === -1) return false;
      rest = rest.slice(end + 2);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end === -1) return false;
      rest = rest.slice(end + 3);
    } else if (/^<!doctype/i.test(rest)) {
      // A doctype may hold an internal subset in brackets; it ends at the first `>` after it.
      const subset = rest.indexOf('[');
      const close = rest.indexOf('>');
      const end = subset !== -1 && subset < close ? rest.indexOf(']>', subset) + 1 : close;
      if (end <= 0) return false;
      rest = rest.slice(end + 1);
    } else {
      return /^<svg[\s>/]/.test(rest);
    }
  }
}

/** The image's media type from its content, or null when it is not an image we serve. */
export function sniffImageType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('ftyp'), 4) && (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))) return 'image/avif';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  if (startsWith(bytes, ascii('BM')) && bytes.length > 14) return 'image/bmp';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  if (isSvgText(head)) return 'image/svg+xml';
  return null;
}
