// The embedding API's `resize` (DECISIONS §8): whenever the content's height changes, the
// framing page hears `document.documentElement.scrollHeight`, so it can size the iframe and
// show no inner scrollbar. `element` holds the whole content (html and body are the
// viewport's height and do not change). Loaded as a wasm-bindgen snippet (src/embed.rs).
export function reportHeight(element) {
  let last = -1;
  const send = () => {
    const height = document.documentElement.scrollHeight;
    if (height !== last) {
      last = height;
      window.parent.postMessage({ type: 'prompt-envelope:resize', height }, '*');
    }
  };
  new ResizeObserver(send).observe(element);
  send();
}
