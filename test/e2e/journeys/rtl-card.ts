// The Arabic card on a phone. It is right to left (<html lang="ar" dir="rtl">), its
// words and its island's are Arabic, Latin names and numbers keep their direction, the share
// button sits at the end of the line (the left), nothing scrolls sideways, and axe finds
// nothing serious on the card, its open menu, the QR dialog or the contact form.
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

    await t.step('the island speaks Arabic and its button sits at the end of the line (the left)', async () => {
      const toggle = page.getByRole('button', { name: 'خيارات المشاركة' });
      await visible(toggle);
      const box = await toggle.boundingBox();
      if (!box || box.x > t.viewport.width / 2) throw new Error(`the share button is at x=${box?.x}, not on the left`);
      await page.screenshot({ path: join(t.outDir, 'arabic-card.png'), fullPage: true });
      await toggle.click();
      await visible(page.getByRole('button', { name: 'عرض رمز QR' }));
      await visible(page.getByRole('link', { name: 'ملء الشاشة' }));
      await page.screenshot({ path: join(t.outDir, 'arabic-card-menu.png') });
      await assertNoHorizontalOverflow(page);
    });
    await axe.here('the Arabic card with its share menu open', true);

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
