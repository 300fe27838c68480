import { describe, expect, it } from 'vitest';
import { linkFormSchema } from '@/features/links/lib/link-form-schema';

// The link form checks what POST /v1/user/links checks, with the same words (docs/product.md §5).

const valid = { title: 'Code', platformId: 'github', username: 'octocat', icon: '/icons/github.svg', display_order: 2 };
const messages = (values: Record<string, unknown>) =>
  linkFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the link form schema', () => {
  it('accepts a link the server accepts, the order truncated to an integer', () => {
    expect(linkFormSchema.parse({ ...valid, display_order: '2.7' })).toMatchObject({ title: 'Code', display_order: 2 });
  });

  it("refuses what the server refuses, with the server's messages", () => {
    expect(messages({ ...valid, title: 'x'.repeat(101) })).toEqual([['title', 'Title must be at most 100 characters']]);
    expect(messages({ ...valid, display_order: 1_000_001 })).toEqual([
      ['display_order', 'Display order must be at most 1000000'],
    ]);
    expect(messages({ ...valid, display_order: -1 })).toEqual([['display_order', 'Display order must be 0 or more']]);
    expect(messages({ ...valid, icon: 'javascript:alert(1)' })).toEqual([
      ['icon', 'Icon must be a platform icon, an uploaded image or an https image URL'],
    ]);
  });

  it('checks the url built from the username, and shows its error under the username', () => {
    expect(messages({ ...valid, platformId: 'custom', username: 'ftp://example.com/file' })).toEqual([
      ['username', 'URL must start with http://, https://, mailto: or tel:'],
    ]);
  });
});
