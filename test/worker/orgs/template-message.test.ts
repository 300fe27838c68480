import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { joinAs, newOrg } from './org-helpers';

// Saving a template says how many work cards follow it, in the plural forms of each language's
// catalogue: 'Template saved; 1 work card follows it', never '1 work cards'.

const save = async (org: Awaited<ReturnType<typeof newOrg>>, language: string) => {
  const res = await api(`/v1/orgs/${org.id}/template`, {
    method: 'PUT',
    token: org.owner.token,
    headers: { 'Accept-Language': language },
    json: { rules: { company: 'locked' }, locked_values: { company: 'Acme Ltd' }, required_links: [] },
  });
  expect(res.status).toBe(200);
  return res.body.message as string;
};

describe('the template saved message', () => {
  it('says one work card in the singular and more in the plural, in every language', async () => {
    const org = await newOrg();
    expect(await save(org, 'en')).toBe('Template saved; 0 work cards follow it');
    expect(await save(org, 'ar')).toBe('تم حفظ القالب؛ لا تتبعه أي بطاقة عمل');

    await joinAs(org.id, org.owner, await registerUser());
    const one: Record<string, string> = {
      en: 'Template saved; 1 work card follows it',
      es: 'Plantilla guardada; 1 tarjeta de trabajo la sigue',
      fr: 'Modèle enregistré ; 1 carte professionnelle le suit',
      de: 'Vorlage gespeichert; 1 Arbeitskarte folgt ihr',
      'pt-BR': 'Modelo salvo; 1 cartão de trabalho o segue',
      ar: 'تم حفظ القالب؛ تتبعه بطاقة عمل واحدة',
    };
    for (const [language, message] of Object.entries(one)) expect(await save(org, language), language).toBe(message);

    await joinAs(org.id, org.owner, await registerUser());
    const two: Record<string, string> = {
      en: 'Template saved; 2 work cards follow it',
      es: 'Plantilla guardada; 2 tarjetas de trabajo la siguen',
      fr: 'Modèle enregistré ; 2 cartes professionnelles le suivent',
      de: 'Vorlage gespeichert; 2 Arbeitskarten folgen ihr',
      'pt-BR': 'Modelo salvo; 2 cartões de trabalho o seguem',
      ar: 'تم حفظ القالب؛ تتبعه بطاقتا عمل',
    };
    for (const [language, message] of Object.entries(two)) expect(await save(org, language), language).toBe(message);
  });
});
