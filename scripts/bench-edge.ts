// npm run bench, the nearest-edge section: the cached card's median time to first byte, as is and
// with a simulated distance to the database's primary (X-Simulate-Distance, honoured only in
// development: +150 ms per D1 round trip to the primary, +50 ms per KV write). The card reads the
// nearest replica and counts the view after the answer, so distance should cost it nothing. The
// owner's dashboard read carries the owner's bookmark (X-D1-Bookmark, as the dashboard carries its
// cookie), so a replica at least as fresh as their last write answers it; the same read without a
// bookmark starts on the primary and shows what the distance costs.
type Figure = [label: string, value: string];

const SAMPLES = 150;
const DISTANCE = 'd1=150,kv=50';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Time until the answer's headers arrive (fetch resolves then), one request at a time. */
async function ttfb(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'User-Agent': PHONE_UA, ...headers } });
  const elapsed = performance.now() - started;
  await res.arrayBuffer();
  return { elapsed, status: res.status, cache: res.headers.get('X-Card-Cache') };
}

/** Near and far samples interleaved, so a busy moment of the machine falls on both alike. */
async function compare(url: string, headers: Record<string, string>, samples: number) {
  const near: number[] = [];
  const far: number[] = [];
  const statuses = new Set<string>();
  for (let i = 0; i < samples; i++) {
    const a = await ttfb(url, headers);
    const b = await ttfb(url, { ...headers, 'X-Simulate-Distance': DISTANCE });
    near.push(a.elapsed);
    far.push(b.elapsed);
    statuses.add(`${a.status}${a.cache ? ` ${a.cache}` : ''}`).add(`${b.status}${b.cache ? ` ${b.cache}` : ''}`);
  }
  return { near: median(near), far: median(far), statuses: [...statuses].join(', ') };
}

export function edgeSection(base: string) {
  return {
    title: `Nearest edge: median time to first byte, ${SAMPLES} sequential requests each, with and without a simulated distance (${DISTANCE})`,
    async run(bench: { username: string; signIn: () => Promise<string> }): Promise<Figure[]> {
      const card = `${base}/p/${bench.username}`;
      await ttfb(card, {});
      const page = await compare(card, {}, SAMPLES);
      const profile = `${base}/v1/user/profile`;
      // Signed in now: this section comes more than 15 minutes after the bench registered its owner.
      const owner = { Authorization: `Bearer ${await bench.signIn()}` };
      const read = await fetch(profile, { headers: owner });
      const bookmark = read.headers.get('X-D1-Bookmark');
      if (!bookmark) throw new Error(`the API answered no X-D1-Bookmark (${read.status} ${await read.text()})`);
      const dashboard = await compare(profile, { ...owner, 'X-D1-Bookmark': bookmark }, 50);
      const primary = await compare(profile, owner, 20);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      const ratio = page.far / page.near;
      const ownerRatio = dashboard.far / dashboard.near;
      return [
        ['cached card /p/{username}', `${ms(page.near)} (${page.statuses})`],
        [
          'same, far from the primary',
          `${ms(page.far)}: ${ratio.toFixed(2)}x (${ratio <= 1.2 ? 'ok' : 'OVER'}, at most 1.2x)`,
        ],
        ["owner's dashboard read (with their bookmark)", `${ms(dashboard.near)} (${dashboard.statuses})`],
        [
          'same, far from the primary',
          `${ms(dashboard.far)}: ${ownerRatio.toFixed(2)}x (${ownerRatio <= 1.5 ? 'ok' : 'OVER'}, at most 1.5x)`,
        ],
        [
          'same without a bookmark, far (primary)',
          `${ms(primary.far)} (near ${ms(primary.near)}): what the distance costs a primary read`,
        ],
      ];
    },
  };
}
