// The card's weight budget with photos straight from a phone camera: at most 150 KB transferred
// before any user action (document, images, fonts, island), on a 3x phone and a 2x desktop,
// measured as the browser receives it; and only derivatives are fetched, never an original. The
// same on the phone for a card with a player, a header and a social row.
import { equal } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { kb, pageWeight, WEIGHT_SCREENS } from '../harness/page-weight.ts';
import { createPhoneCard } from '../harness/phone-card.ts';

export const CARD_BUDGET_BYTES = 150 * 1024;

export const cardWeight: Journey = {
  name: 'Card weight: phone photos, 150 KB before any action on a phone and a desktop screen',
  timeoutMs: 120_000,
  async run(t) {
    const username = t.unique('weight');
    const card = await t.step('a new user uploads a phone avatar and cover', () =>
      createPhoneCard(t.app.baseUrl, username),
    );
    await t.step('the owner lets visitors share their contact, so the card has that button too', async () => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: 'Ada Lovelace', username, contact_exchange: '1' })) {
        form.set(key, value);
      }
      const res = await fetch(`${t.app.baseUrl}/v1/user/profile/update`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${card.token}`, Accept: 'application/json' },
        body: form,
      });
      equal(res.status, 200, 'turning contact exchange on');
      const html = await (await fetch(`${t.app.baseUrl}/p/${username}`)).text();
      equal(html.includes(`href="/p/${username}/contact">Share your contact</a>`), true, 'the contact button');
    });
    // Both screens in one journey: each is measured in a browser context of its own size, so the
    // journey's own page (and project) plays no part.
    for (const [name, screen] of Object.entries(WEIGHT_SCREENS)) {
      const weight = await t.step(
        `the card loads on a ${name}, ${screen.width}x${screen.height} at ${screen.deviceScaleFactor}x`,
        () => pageWeight(t.browser, `${t.app.baseUrl}/p/${card.username}`, screen),
      );
      const summary = `${kb(weight.total)} (${Object.entries(weight.byKind)
        .map(([kind, bytes]) => `${kind} ${kb(bytes)}`)
        .join(', ')})`;
      await t.step(`on the ${name} it transfers at most ${kb(CARD_BUDGET_BYTES)}: ${summary}`, async () => {
        if (weight.total > CARD_BUDGET_BYTES) throw new Error(`the card transferred ${summary} on the ${name}`);
      });
      await t.step(
        `on the ${name} every image it fetched is a derivative: one avatar and one cover, in AVIF`,
        async () => {
          const photos = weight.transfers.filter((transfer) => /\/media\//.test(transfer.url));
          equal(
            photos
              .map(
                (transfer) =>
                  /\/media\/(avatars|covers)\/[0-9a-f]{32}\/[0-9a-f]{32}\/\d+\.avif$/.exec(transfer.url)?.[1],
              )
              .sort(),
            ['avatars', 'covers'],
            `the photos fetched on the ${name}`,
          );
          equal(
            weight.transfers.some((transfer) => transfer.url.includes('/originals/')),
            false,
            `no original is fetched on the ${name}`,
          );
        },
      );
    }
    // The card laid out with a player, a header and a social row: the player's face is its
    // heaviest picture, and a phone is sent the 400 px AVIF of it (shared/card/card-player.tsx).
    const sections = await t.step('a second user lays out a card with a player, a header and a social row', () =>
      createPhoneCard(t.app.baseUrl, t.unique('player'), 'Ada Lovelace', { sections: true }),
    );
    const phone = WEIGHT_SCREENS.phone;
    const weight = await t.step('that card loads on the phone', () =>
      pageWeight(t.browser, `${t.app.baseUrl}/p/${sections.username}`, phone),
    );
    await t.step(`on the phone it too transfers at most ${kb(CARD_BUDGET_BYTES)}: ${kb(weight.total)}`, async () => {
      if (weight.total > CARD_BUDGET_BYTES) throw new Error(`the card with a player transferred ${kb(weight.total)}`);
    });
    await t.step("the player's face it fetched is the 400 px AVIF, and nothing came from YouTube", async () => {
      equal(
        weight.transfers.flatMap(
          (transfer) => /\/media\/thumbs\/[0-9a-f]{32}\/[0-9a-f]{32}\/(\d+\.\w+)$/.exec(transfer.url)?.[1] ?? [],
        ),
        ['400.avif'],
        "the face's file",
      );
      equal(
        weight.transfers.filter((transfer) => !transfer.url.startsWith(t.app.baseUrl)).map((transfer) => transfer.url),
        [],
        'requests to another site',
      );
    });
  },
};
