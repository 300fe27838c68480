// The island's own styles, injected with it: the card's HTML stays within its byte budget
// and pays nothing for controls that only exist once the script runs.
const CSS = `
.cl-item,.cl-btn{font:inherit;font-weight:600;font-size:.9rem;padding:.55rem 1rem;border-radius:999px;border:1px solid var(--ai);background:var(--bg);color:var(--ai);cursor:pointer;text-decoration:none;box-shadow:0 2px 8px rgba(0,0,0,.15)}
.cl-btn{background:var(--a);color:var(--oa)}
.cl-btn:disabled{opacity:.6;cursor:progress}
.cl-back{position:fixed;inset-inline:1rem;bottom:1rem;z-index:11;display:flex;flex-direction:column;gap:.6rem;padding:.9rem 1rem;border-radius:1rem;background:var(--bg);color:var(--fg);border:1px solid var(--ai);box-shadow:0 6px 20px rgba(0,0,0,.25);max-width:28rem}
.cl-back p{margin:0;font-weight:600}
.cl-back div{display:flex;flex-wrap:wrap;gap:.5rem}
.cl-dialog{border:0;border-radius:1rem;padding:0;max-width:min(92vw,420px);width:100%;background:#fff;color:#111827}
.cl-dialog>div{position:relative;padding:3rem 1.25rem 1.25rem}
.cl-dialog::backdrop{background:rgba(0,0,0,.55)}
/* The server's share link, once it is the sheet's button. */
button.save{font-family:inherit;line-height:inherit;background:none;cursor:pointer}
/* The share sheet: in the card's colours, a sheet from the bottom edge on a phone, a dialog in the middle above. */
.cl-sheet{background:var(--bg);color:var(--fg);max-width:min(92vw,22rem)}
.cl-sheet>div{display:grid;gap:.6rem;padding-top:1.25rem}
.cl-sheet .cl-item{min-height:2.75rem;text-align:center;box-shadow:none}
.cl-title{margin:0 0 .25rem;padding-inline-end:2.5rem;line-height:2.25rem;font-weight:700;font-size:1.05rem}
@media (max-width:40rem){.cl-sheet{margin:auto 0 0;max-width:none;border-radius:1rem 1rem 0 0}.cl-sheet>div{padding-bottom:calc(1.25rem + env(safe-area-inset-bottom))}}
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
