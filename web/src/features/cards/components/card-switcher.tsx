import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import { initialsOf } from '@shared/initials';
import type { CardListItem } from '@shared/schemas/cards';
import type { User } from '@shared/types';
import { Avatar } from '@/components/avatar';
import { menuContentClass, menuItemClass } from '@/components/ui/menu';
import { useMenuButton } from '@/components/ui/menu-button';
import { forgetCardInView } from '@/lib/card-in-view';
import { useCardInView, withCard } from '@/lib/use-card-in-view';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import { NewCardDialog } from './lazy-new-card-dialog';
import { useCards } from '@/lib/cards-query';
import { useOrgList } from '@/lib/orgs-query';

const t = words('shell');

/**
 * The header's card switcher (docs/decisions/0091-cards-apart-from-accounts.md): the card in view
 * (its photo and @username), and a menu of the account's cards with 'New card'. Choosing a card
 * keeps the screen and names the card in the address.
 */
export function CardSwitcher({ user }: { user: User | null }) {
  const cards = useCards();
  const inView = useCardInView();
  const navigate = useNavigate();
  const location = useLocation();
  const [newOpen, setNewOpen] = useState(false);
  const [newAsked, setNewAsked] = useState(false);
  if (newOpen && !newAsked) setNewAsked(true);
  const list = cards.data?.cards ?? [];
  // Work cards under their organisation's name, personal cards apart (docs/product.md,
  // Organisations); the organisations are asked for only when a work card is there to name.
  const hasWork = list.some((card) => card.org_id);
  const orgs = useOrgList(t('shell.cards_failed'), hasWork);
  const groups = groupByOrg(list, orgs.data ?? [], t('shell.your_cards'), t('shell.work_cards'));
  // The arrow keys follow the menu as shown.
  const ordered = groups.flatMap((group) => group.cards);
  const current = list.find((card) => (inView ? card.id === inView : card.is_primary));
  const atLimit = cards.data ? list.length >= cards.data.limit : false;
  const menu = useMenuButton(list.length + 1);

  // An address naming a card this account does not hold (a deleted card's bookmark, another
  // account's link): back to the primary card, saying why.
  const unknown = Boolean(inView && cards.data && !current);
  useEffect(() => {
    if (!unknown) return;
    forgetCardInView();
    toast.error(t('shell.card_not_found'));
    void navigate(location.pathname, { replace: true });
  }, [unknown, navigate, location.pathname]);

  const username = current?.username ?? user?.username ?? '';
  const photo = current ? current.avatar_url : (user?.avatar_url ?? null);
  const name = current?.name ?? user?.name ?? '';
  // The name holds the text the button shows (WCAG 2.5.3): the initials when no photo is drawn.
  const label = photo
    ? t('shell.switch_card', { username })
    : t('shell.switch_card_initials', { username, initials: initialsOf(name) || 'U' });
  const choose = (id: string) => {
    menu.close(true);
    if (id !== current?.id) void navigate(withCard(location.pathname, id));
  };

  return (
    // It takes the room the header leaves it and no more: a long username ends in an ellipsis.
    <div {...menu.wrapperProps} className={cn(menu.wrapperProps.className, 'min-w-0')}>
      <button
        {...menu.triggerProps(current ? ordered.indexOf(current) : 0)}
        aria-label={label}
        className="inline-flex h-10 max-w-full items-center gap-1.5 rounded-md border border-slate-200 bg-white ps-1 pe-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 max-sm:pe-2.5 sm:max-w-[14rem] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span className="inline-flex h-7 w-7 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-xs font-semibold text-white">
          <Avatar src={photo} name={name} size={28} imageClassName="h-full w-full object-cover" />
        </span>
        {/* The username on every screen: on a phone a copied card keeps the first one's photo or
            initials, so only its username tells them apart. The space keeps the initials and the
            username apart in the text, which the name begins with (WCAG 2.5.3). */}{' '}
        <span dir="ltr" className="min-w-0 truncate">
          @{username}
        </span>
        {/* On a phone its room goes to the username (the button still tells it opens a menu). */}
        <ChevronsUpDown className="h-4 w-4 shrink-0 text-slate-500 max-sm:hidden" aria-hidden />
      </button>
      {menu.open && (
        <div
          {...menu.menuProps}
          aria-label={t('shell.your_cards')}
          // On a phone the menu spans the screen under the header: anchored to the switcher, which
          // sits mid-header, it would run off the edge.
          className={cn(
            menuContentClass,
            'absolute end-0 top-full mt-2 w-72 max-sm:fixed max-sm:inset-x-4 max-sm:top-14 max-sm:w-auto',
          )}
        >
          {groups.map((group) => (
            <div key={group.key} role="group" aria-label={group.label}>
              <div role="none" className="px-2 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400">
                {group.label}
              </div>
              {group.cards.map((card) => {
                const index = ordered.indexOf(card);
                return (
                  <div
                    key={card.id}
                    {...menu.itemProps(index)}
                    role="menuitemradio"
                    aria-checked={card.id === current?.id}
                    onClick={() => choose(card.id)}
                    className={menuItemClass}
                  >
                    <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-xs font-semibold text-white">
                      <Avatar
                        src={card.avatar_url}
                        name={card.name}
                        size={32}
                        imageClassName="h-full w-full object-cover"
                      />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{card.name}</span>
                      <span dir="ltr" className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        @{card.username}
                        {card.is_primary ? ` · ${t('shell.card_primary')}` : ''}
                      </span>
                    </span>
                    {card.id === current?.id && <Check className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />}
                  </div>
                );
              })}
            </div>
          ))}
          <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
          <div
            {...menu.itemProps(list.length)}
            role="menuitem"
            aria-disabled={atLimit || undefined}
            onClick={() => {
              if (atLimit) return;
              menu.close(false);
              setNewOpen(true);
            }}
            className={cn(menuItemClass, atLimit && 'opacity-60')}
          >
            <Plus className="h-4 w-4" aria-hidden />
            <span className="flex-1">{t('shell.new_card')}</span>
            {cards.data && (
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {t('shell.cards_count', { count: list.length, limit: cards.data.limit })}
              </span>
            )}
          </div>
        </div>
      )}
      {newAsked && (
        <Suspense fallback={null}>
          <NewCardDialog open={newOpen} onOpenChange={setNewOpen} cards={list} />
        </Suspense>
      )}
    </div>
  );
}

type Group = { key: string; label: string; cards: CardListItem[] };

/** The personal cards first, then each organisation's work cards under its name. */
function groupByOrg(
  list: CardListItem[],
  orgs: { id: string; name: string }[],
  personal: string,
  // Until the organisations' names have come.
  work: string,
): Group[] {
  const groups: Group[] = [{ key: '', label: personal, cards: list.filter((card) => !card.org_id) }];
  for (const card of list) {
    if (!card.org_id) continue;
    let group = groups.find((item) => item.key === card.org_id);
    if (!group) {
      group = { key: card.org_id, label: orgs.find((org) => org.id === card.org_id)?.name ?? work, cards: [] };
      groups.push(group);
    }
    group.cards.push(card);
  }
  return groups.filter((group) => group.cards.length > 0);
}
