// The island's own styles, injected with it: the card's HTML stays within its byte budget
// and pays nothing for controls that only exist once the script runs.
const CSS = `
/* The button and its gap (4.5rem) stay clear of the last link and the footer at the end of the page. */
.card{padding-bottom:6.5rem}
.cl-fab{position:fixed;inset-inline-end:1rem;bottom:1rem;display:flex;flex-direction:column;align-items:flex-end;gap:.5rem;z-index:10}
.cl-fab-btn{width:3.5rem;height:3.5rem;border-radius:50%;border:0;background:var(--a);color:var(--oa);box-shadow:0 4px 14px rgba(0,0,0,.25);cursor:pointer;display:grid;place-items:center}
.cl-fab-btn svg{width:1.5rem;height:1.5rem;transition:transform .2s}
.cl-fab-btn[aria-expanded=true] svg{transform:rotate(45deg)}
.cl-menu{display:flex;flex-direction:column;gap:.5rem;align-items:flex-end}
.cl-menu[hidden]{display:none}
.cl-item,.cl-btn{font:inherit;font-weight:600;font-size:.9rem;padding:.55rem 1rem;border-radius:999px;border:1px solid var(--ai);background:var(--bg);color:var(--ai);cursor:pointer;text-decoration:none;box-shadow:0 2px 8px rgba(0,0,0,.15)}
.cl-btn{background:var(--a);color:var(--oa)}
.cl-btn:disabled{opacity:.6;cursor:progress}
.cl-back{position:fixed;inset-inline:1rem 5.5rem;bottom:1rem;z-index:11;display:flex;flex-direction:column;gap:.6rem;padding:.9rem 1rem;border-radius:1rem;background:var(--bg);color:var(--fg);border:1px solid var(--ai);box-shadow:0 6px 20px rgba(0,0,0,.25);max-width:28rem}
.cl-back p{margin:0;font-weight:600}
.cl-back div{display:flex;flex-wrap:wrap;gap:.5rem}
.cl-dialog{border:0;border-radius:1rem;padding:3rem 1.25rem 1.25rem;max-width:min(92vw,420px);width:100%;background:#fff;color:#111827}
.cl-dialog::backdrop{background:rgba(0,0,0,.55)}
/* Tap targets of 44px (the close button has a row of its own above the code). */
.cl-close{position:absolute;top:.25rem;inset-inline-end:.25rem;width:2.75rem;height:2.75rem;border:0;background:none;font-size:1.5rem;line-height:1;cursor:pointer;color:inherit}
.cl-qr{display:flex;flex-direction:column;align-items:center;gap:.75rem;width:100%}
.cl-qr-box{width:min(100%,360px);aspect-ratio:1;background:#fff;border-radius:.75rem}
.cl-qr-box canvas{width:100%!important;height:100%!important}
.cl-qr-cap{margin:0;font-weight:700;letter-spacing:.03em;color:#111827;text-align:center;overflow-wrap:anywhere}
.cl-swatches{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem}
.cl-swatch{width:2.75rem;height:2.75rem;border-radius:50%;border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.25);cursor:pointer}
.cl-swatch[aria-pressed=true]{box-shadow:0 0 0 3px #111827}
`;

/** Once per document, whoever asks first (the island or the SPA's card). */
export function injectStyles() {
  if (document.getElementById('cl-styles')) return;
  const style = document.createElement('style');
  style.id = 'cl-styles';
  style.textContent = CSS;
  document.head.append(style);
}
