// The page's one engine worker (crates/pep-worker), shared by the page's wasm and the lazy
// module's: both load this file by one URL, so they share one instance of it, and the worker
// is started, compiled and kept once. Every message goes to every connected side; each reads
// the document id at the front of a response and decodes only its own
// (src/platform/worker.rs, src/state/engine.rs). A side that connects after the worker said it
// is ready is told so at once.

let worker = null;
let ready = false;
const sides = new Set();

function tell(data) {
  for (const side of sides) side(data);
}

/** Connects `onMessage` to the worker at `url` (started on the first call); false if it cannot start. */
export function connectEngine(url, onMessage) {
  if (!worker) {
    try {
      worker = new Worker(url, { type: 'module' });
    } catch {
      return false;
    }
    worker.onmessage = (event) => {
      if (event.data?.type === 'ready') ready = true;
      tell(event.data);
    };
    worker.onerror = (event) => tell({ type: 'panic', message: event.message ?? 'the worker failed' });
  }
  sides.add(onMessage);
  // Told after this call returns, as the worker itself would: the caller is not set up yet.
  if (ready) queueMicrotask(() => sides.has(onMessage) && onMessage({ type: 'ready' }));
  return true;
}

/** Stops sending to `onMessage`; the worker stays for the other side. */
export function disconnectEngine(onMessage) {
  sides.delete(onMessage);
}

/** Hands `bytes` (a Uint8Array of its own buffer) to the worker, without copying. */
export function postEngine(bytes) {
  worker?.postMessage(bytes, [bytes.buffer]);
}
