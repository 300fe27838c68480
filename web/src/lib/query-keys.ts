// Query keys shared by several screens, so a mutation on one screen invalidates what another shows
// (docs/product.md §7: saving a profile, link or avatar refreshes profile, public profile and link data).
export const queryKeys = {
  links: ['links'] as const,
  stats: ['stats'] as const,
  themes: ['themes'] as const,
  templates: ['templates'] as const,
};
