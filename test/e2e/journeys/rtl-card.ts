// The Arabic card on a phone. It is right to left (<html lang="ar" dir="rtl">), its
// words and its island's are Arabic, Latin names and numbers keep their direction, an English bio
// keeps the side of the card's other lines, nothing scrolls sideways, and axe finds nothing
// serious on the card, its share sheet, the QR dialog or the contact form.
import { join } from 'node:path';
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { equal, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { assertNoHorizontalOverflow } from '../harness/layout.ts';

export const rtlCard: Journey = {
  name: 'languages: the Arabic card on a phone is right to left, with no sideways scroll and no serious axe finding',
  async run(t) {
    const { page, app, browser } = t;
    const axe = axeCollector(t, 'light');
    const owner = await browser.newContext();
    const username = t.unique('lina');
    const { api, account } = await signedInAccount(owner, app, username, 'لينا حداد');
    await owner.close();
    await t.step('the owner writes an Arabic card with a Latin link and picks Arabic', async () => {
      await addLinks(api, [
        { title: 'معرض أعمالي', url: 'https://example.com/portfolio' },
        { title: 'LinkedIn', url: 'https://www.linkedin.com/in/lina' },
      ]);
      await api.updateProfile({
        name: account.name,
        username,
        bio: 'مصممة واجهات في بيروت. Product designer, 10 years.',
        job_title: 'مصممة منتجات',
        company: 'Studio Nour',
        phone: '+961 1 234 567',
        contact_exchange: '1',
        language: 'ar',
      });
    });

    await t.step('the card opens right to left, in Arabic', async () => {
      await page.goto(`${app.baseUrl}/p/${username}`);
      equal(await page.getAttribute('html', 'dir'), 'rtl', 'the direction');
      equal(await page.getAttribute('html', 'lang'), 'ar', 'the language');
      await visible(page.getByRole('link', { name: 'حفظ جهة الاتصال' }));
      await visible(page.getByRole('link', { name: 'شارك بيانات تواصلك' }));
      await visible(page.getByRole('link', { name: 'اتصال بالرقم +961 1 234 567' }));
    });

    await t.step('the island speaks Arabic: the Share button opens its sheet in Arabic', async () => {
      const share = page.getByRole('button', { name: 'مشاركة', exact: true });
      await visible(share);
      await page.screenshot({ path: join(t.outDir, 'arabic-card.png'), fullPage: true });
      await share.click();
      const sheet = page.getByRole('dialog', { name: 'خيارات المشاركة' });
      await visible(sheet.getByRole('button', { name: 'مشاركة الرابط' }));
      await visible(sheet.getByRole('button', { name: 'عرض رمز QR' }));
      await visible(sheet.getByRole('link', { name: 'ملء الشاشة' }));
      await page.screenshot({ path: join(t.outDir, 'arabic-card-menu.png') });
      await assertNoHorizontalOverflow(page);
    });
    await axe.here('the Arabic card with its share sheet open', true);

    await t.step('the QR dialog is in Arabic', async () => {
      await page.getByRole('button', { name: 'عرض رمز QR' }).click();
      await visible(page.getByRole('button', { name: 'تنزيل رمز QR' }));
      await visible(page.getByRole('img', { name: `رمز QR للحساب @${username}` }));
      // The Latin handle under the code reads '@ADA', not 'ADA@' as an Arabic paragraph set it.
      const captionDirection = "getComputedStyle(document.querySelector('.cl-qr-cap')).direction";
      equal(await page.evaluate<string>(captionDirection), 'ltr', "the caption's direction");
      await page.screenshot({ path: join(t.outDir, 'arabic-qr.png') });
    });
    await axe.here('the Arabic QR dialog', true);

    await t.step(
      'an English bio, a Latin link title and company keep their direction and the side of the card',
      async () => {
        await api.updateProfile({
          name: account.name,
          username,
          bio: 'Product designer in Beirut. Ten years of interfaces for phones, for the web and for print.',
        });
        // What the owner typed, in its own direction, and the side each line of it keeps.
        const lines = () =>
          page.evaluate<
            string[]
          >(`[...document.querySelectorAll('#card h1, #card .role, #card .bio, #card .links span')]
          .map((e) => e.textContent.trim().slice(0, 12) + ' ' + e.getAttribute('dir') + ' ' + getComputedStyle(e).direction + ' ' + getComputedStyle(e).textAlign)`);
        const expected = (side: string) => [
          `لينا حداد auto rtl ${side}`,
          `مصممة منتجات auto rtl ${side}`,
          `Product desi auto ltr ${side}`,
          `معرض أعمالي auto rtl right`,
          `LinkedIn auto ltr right`,
        ];
        // The centred template (the default): every line centred, the English one too.
        await page.goto(`${app.baseUrl}/p/${username}`);
        equal(await lines(), expected('center'), 'the lines of the centred card');
        await page.screenshot({ path: join(t.outDir, 'arabic-card-english-bio-centred.png'), fullPage: true });
        // A template that sets the header at the start of the line: the right, for the English bio too.
        await api.put('/v1/user/profile/template', { template_id: 4 });
        await page.goto(`${app.baseUrl}/p/${username}`);
        equal(await lines(), expected('right'), 'the lines of the card set at the start');
        await page.screenshot({ path: join(t.outDir, 'arabic-card-english-bio-start.png'), fullPage: true });
        await assertNoHorizontalOverflow(page);
      },
    );

    await t.step('the contact form is right to left, in Arabic, and says what is wrong in Arabic', async () => {
      await page.goto(`${app.baseUrl}/p/${username}/contact`);
      equal(await page.getAttribute('html', 'dir'), 'rtl', 'the form page direction');
      // A name and the consent, but no way to reply: the browser sends it, the server refuses it.
      await page.getByLabel('الاسم').fill('Ana Souza');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'مشاركة بياناتي' }).click();
      await visible(page.getByText('يُرجى تصحيح الحقول المميَّزة.'));
      await visible(page.getByText('أضف بريدًا إلكترونيًا أو رقم هاتف ليتمكن لينا من الرد عليك'));
      await page.screenshot({ path: join(t.outDir, 'arabic-contact.png'), fullPage: true });
      await assertNoHorizontalOverflow(page);
    });
    await axe.here('the Arabic contact form showing its errors', true);
    await axe.assertNone();
  },
};
