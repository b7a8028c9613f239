// Share links (DECISIONS §8): `#envelope=` + base64url (RFC 4648 §5, no padding) of the raw
// DEFLATE (RFC 1951) of the envelope's UTF-8 text. The browser's own CompressionStream does
// the DEFLATE, so the app carries no compressor. Loaded by wasm-bindgen as a module snippet
// (src/share.rs), from the app's own origin (CSP 'self').

const CHUNK = 0x8000;

/** The base64url text of the raw DEFLATE of `text`. */
export async function deflateToBase64url(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK) {
    binary += String.fromCharCode.apply(null, bytes.subarray(at, at + CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The text whose raw DEFLATE `link` (base64url) holds. Rejects with one of the reasons
 * `not-base64url`, `not-deflate`, `too-large` (more than `maxBytes` once inflated: the
 * stream is cancelled there, so a small link cannot fill the memory) or `not-utf8`.
 */
export async function inflateFromBase64url(link, maxBytes) {
  if (!/^[A-Za-z0-9_-]*$/.test(link) || link.length % 4 === 1) throw new Error('not-base64url');
  let binary;
  try {
    binary = atob(link.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new Error('not-base64url');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        await reader.cancel();
        throw new Error('too-large');
      }
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof Error && error.message === 'too-large') throw error;
    throw new Error('not-deflate');
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all);
  } catch {
    throw new Error('not-utf8');
  }
}
