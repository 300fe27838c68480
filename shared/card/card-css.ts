// The card's stylesheet, the one description of how a card looks (the edge's status, QR and
// contact screens add theirs, worker/pages/screen-css.ts, after it). Inlined in the edge page so the card paints from the
// first response (README, Decisions: budgets are tests; no render-blocking request), and put in
// the dashboard's preview's shadow root. It is constant: the card's colours and font arrive as
// custom properties on <body> (or the preview's .page), so every card compresses the same way
// and nothing a user typed is ever parsed as CSS. The two-column layout follows the card's own
// width (a container query), so a preview as narrow as a phone lays out as a phone does. Small
// text in the accent uses --ai, text on an accent fill --oa, and secondary text --mu: shades
// derived to read at 4.5:1 (shared/colour.ts). Over a background image, --vl is the veil drawn
// above it so the text reads on the image as drawn (shared/backdrop.ts).
// A theme's button style and shape are classes of the card (bt-*, bs-*), its gradient and pattern
// the background layers --grad and --pat in the pattern ink --pi (shared/looks.ts); a card without
// them has none, and looks as cards did before them.
// Sides are logical (text-align start/end, flex-start/end): an Arabic card mirrors with no rule of its own.
// Text the owner typed has its own direction (dir=auto) but the card's alignment (match-parent
// reads start and end in the card's direction; Chromium knows it only by its -webkit- name): an
// English bio sits on the side of an Arabic name.
/** The company logo under the company's line: its box sized, so nothing moves as it loads. */
export const LOGO_CSS = '.logo{margin:.5rem 0 0}.logo img{width:96px;height:48px;border-radius:.5rem;background:#fff}';

/**
 * Sections (a header's heading), the social row, the highlight (an outline, the 'Featured' mark
 * and a nudge that stops under prefers-reduced-motion) and the preview's schedule note (decision
 * 0101). One line, so a test of a card from before can take it out as it does LOGO_CSS.
 */
export const LINK_KINDS_CSS = [
  '.lh{margin:1.25rem 0 .75rem;font-size:1.1rem;line-height:1.3;text-align:center;overflow-wrap:anywhere}.lh:first-child{margin-top:0}section>.links+.links{margin-top:.75rem}',
  '.social{list-style:none;margin:.75rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem;justify-content:center}.pos-left .social{justify-content:flex-start}.pos-right .social{justify-content:flex-end}',
  '.social a{display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;border-radius:50%}.social a:hover,.social a:focus-visible{background:color-mix(in srgb,var(--a) 15%,transparent)}.social img{width:28px;height:28px}',
  '.links a.hl{outline:2px solid var(--ai);outline-offset:3px;animation:cl-nudge 2.4s ease-in-out 3}.mark{margin-inline-start:auto;padding:.1rem .5rem;border-radius:999px;font-size:.75rem;font-style:normal;background:var(--ai);color:var(--bg)}',
  '@keyframes cl-nudge{0%,80%,100%{transform:none}85%{transform:scale(1.03)}90%{transform:scale(.99)}}',
  '@media (prefers-reduced-motion:reduce){.links a.hl{animation:none}}',
  '.when{margin-inline-start:auto;font-size:.75rem;font-weight:500;color:var(--mu)}.links a:has(.when){border-style:dashed}',
].join('');

export const CARD_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body,.page{margin:0;min-height:100vh;background:var(--pat,none) 0 0/var(--ps,auto),var(--vl,) var(--img,none) center/cover fixed,var(--grad,none) var(--bg);color:var(--fg);font-family:var(--f);line-height:1.5}
a{color:inherit}
img{display:block;max-width:100%}
.card{max-width:960px;margin:0 auto;padding:0 0 2rem;container-type:inline-size}
.cover{aspect-ratio:3/1;background:color-mix(in srgb,var(--a) 25%,transparent) center/cover}
.cover img{width:100%;height:100%;object-fit:cover}
.wrap{display:grid;gap:1.5rem;padding:1.5rem 1rem 0;max-width:560px;margin:0 auto}
.two .wrap{max-width:none}
@container (min-width:768px){.two .wrap{grid-template-columns:4fr 8fr;align-items:start;padding:2rem 1.5rem 0}.two.pos-right .wrap{grid-template-columns:8fr 4fr}.two.pos-right .who{order:2}}
.who{display:flex;flex-direction:column;align-items:center;text-align:center;gap:.25rem}
.has-cover .who .av{margin-top:-4.5rem}
.pos-left .who{align-items:flex-start;text-align:start}
.pos-right .who{align-items:flex-end;text-align:end}
.av{position:relative;width:96px;height:96px;border-radius:50%;overflow:hidden;border:4px solid var(--bg);background:var(--bg);flex:none}
.av>*,.av img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
h1{font-size:1.5rem;line-height:1.2;margin:.5rem 0 0;overflow-wrap:anywhere}
.at{margin:0;color:var(--mu)}
.pn{margin:0;font-size:.85rem;color:var(--mu)}
.role{margin:.25rem 0 0;font-weight:600;overflow-wrap:anywhere}
.loc{margin:0;font-size:.9rem;color:var(--mu);overflow-wrap:anywhere}
${LOGO_CSS}
.reach{list-style:none;margin:.75rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center;max-width:100%}.pos-left .reach{justify-content:flex-start}.pos-right .reach{justify-content:flex-end}
.reach li{max-width:100%}.reach a{display:inline-flex;align-items:center;gap:.4rem;min-height:2.75rem;max-width:100%;padding:.45rem .9rem;border-radius:.75rem;background:color-mix(in srgb,var(--a) 10%,var(--bg));text-decoration:none;font-size:.95rem;overflow-wrap:anywhere}
.bio{margin:.5rem 0 0;white-space:pre-line;overflow-wrap:anywhere}
[dir=auto]{text-align:-webkit-match-parent;text-align:match-parent}
.acts{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center;margin-top:.75rem}.pos-left .acts{justify-content:flex-start}.pos-right .acts{justify-content:flex-end}
.save{display:inline-flex;align-items:center;gap:.4rem;padding:.45rem .9rem;border:1px solid var(--ai);border-radius:999px;color:var(--ai);text-decoration:none;font-size:.9rem;font-weight:600}
.save svg{width:1rem;height:1rem;flex:none}
@media (scripting:none){.share{display:none}}
.links{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.links a{display:flex;align-items:center;gap:.75rem;min-height:3.25rem;padding:.6rem 1rem;border-radius:.75rem;background:color-mix(in srgb,var(--a) 10%,var(--bg));border:1px solid color-mix(in srgb,var(--a) 35%,transparent);text-decoration:none;font-weight:600;overflow-wrap:anywhere}
.card .links a:hover,.card .links a:focus-visible{background:var(--a);color:var(--oa)}
.links img{width:24px;height:24px;flex:none;border-radius:4px;background:#fff;padding:2px}
.bs-square .links a{border-radius:0}.bs-pill .links a{border-radius:999px;padding-inline:1.25rem}
.bt-fill .links a{background:var(--a);color:var(--oa);border-color:var(--a)}.bt-fill .links a:hover,.bt-fill .links a:focus-visible{box-shadow:0 0 0 2px var(--bg),0 0 0 4px var(--a)}
.bt-outline .links a{background:0 0;color:var(--ai);border:2px solid}
.bt-soft_shadow .links a{background:var(--bg);border-color:transparent;box-shadow:0 8px 20px -8px color-mix(in srgb,var(--fg) 45%,transparent)}
.bt-hard_shadow .links a{background:var(--bg);border:2px solid var(--fg);box-shadow:4px 4px 0 var(--fg)}.bt-hard_shadow .links a:hover,.bt-hard_shadow .links a:focus-visible{box-shadow:2px 2px 0 var(--fg);transform:translate(2px,2px)}
${LINK_KINDS_CSS}
.empty{text-align:center;color:var(--mu)}
.notice{margin:0;padding:.6rem 1rem;text-align:center;font-size:.9rem;font-weight:600;background:var(--a);color:var(--oa)}
footer{margin-top:2.5rem;text-align:center;font-size:.8rem;color:var(--mu)}
footer a{display:inline-block;padding:.75rem .3rem;margin:-.75rem -.3rem}
`
  .replace(/\n/g, '')
  .trim();
