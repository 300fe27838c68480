// The rules of the edge's own screens (status pages, the full-screen QR, the contact form's page,
// the operator's pages), inlined after the card's stylesheet (shared/card/card-css.ts) on every
// edge page. They live here, not in the card's stylesheet, because the dashboard's preview of the
// card carries that one in its first load and draws none of these screens.
export const SCREEN_CSS = `
.screen{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.5rem;padding:2rem;text-align:center}
.screen h1{margin:0;font-size:1.875rem;line-height:1.2}.screen p{margin:0;max-width:32rem}
.code{font-size:4.5rem;line-height:1;font-weight:800;color:var(--ai)}
.path{font-family:ui-monospace,monospace;padding:.2rem .5rem;border-radius:.4rem;background:rgba(127,127,127,.15)}
.actions{display:flex;gap:.75rem;margin-top:1rem;flex-wrap:wrap;justify-content:center}
.brand{display:inline-flex;align-items:center;gap:.5rem;margin-bottom:2rem;font-size:1.125rem;font-weight:600;letter-spacing:-.01em;text-decoration:none}
.brand svg{width:2rem;height:2rem;flex:none}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.5rem;padding:.4rem 1rem;text-align:center;overflow-wrap:anywhere;font:inherit;font-size:.875rem;font-weight:500;border-radius:.375rem;border:1px solid color-mix(in srgb,var(--fg) 25%,transparent);color:var(--fg);text-decoration:none;background:transparent;cursor:pointer}
.btn.primary{background:var(--a);border-color:var(--a);color:var(--oa)}
.qr{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1rem;padding:1rem}
.qr-box{width:min(80vw,70vh,520px);aspect-ratio:1;background:#fff;border-radius:1rem;display:grid;place-items:center}
.qr-box canvas,.qr-box svg{width:100%;height:100%}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`
  .replace(/\n/g, '')
  .trim();
