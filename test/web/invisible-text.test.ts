import { describe, expect, it } from 'vitest';
import { toLinkPayload } from '@/features/links/lib/link-form';
import { linkFormSchema } from '@/features/links/lib/link-form-schema';
import { profileFormSchema } from '@/features/profile/lib/profile-form-schema';
import { breaches, invisibleCodePoints } from '../fixtures/invisible-text';

// The forms check names and titles with the schemas the Worker uses (shared/schemas/text.ts), in
// the browser's regex engine: here Node's, which the dashboard's browsers share the Unicode
// properties with. Every invisible code point it knows is walked, as the Worker's tests walk
// workerd's (test/worker/routes/invisible-text.test.ts).
const all = invisibleCodePoints();

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? 'refused';

describe('the forms drop invisible characters, and refuse a name of them with the words the server uses', () => {
  it('Profile Settings: the name', () => {
    const clean = (name: string) => {
      const parsed = profileFormSchema.shape.name.safeParse(name);
      return parsed.success ? parsed.data : message(parsed);
    };
    expect(breaches(all, clean, 'Name must be at least 2 characters')).toEqual([]);
  });

  it('Profile Settings: the company, which may be empty', () => {
    const clean = (company: string) => {
      const parsed = profileFormSchema.shape.company.safeParse(company);
      return parsed.success ? parsed.data : message(parsed);
    };
    expect(breaches(all, clean, '')).toEqual([]);
  });

  it("the link form: a title of them alone is as an empty one, the platform's name filled in", () => {
    const link = { platformId: 'github', username: 'octocat', icon: '/icons/github.svg', display_order: 0 };
    const clean = (title: string) => {
      const parsed = linkFormSchema.safeParse({ ...link, title });
      return parsed.success ? toLinkPayload(parsed.data).title : message(parsed);
    };
    expect(breaches(all, clean, 'GitHub')).toEqual([]);
  });
});
