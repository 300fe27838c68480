import { Eye, MousePointerClick, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import type { CardListItem } from '@shared/schemas/cards';
import { paths } from '@/config/paths';
import { Avatar } from '@/components/avatar';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCardInView, withCard } from '@/lib/use-card-in-view';
import { formatCount } from '@/lib/format';
import { words } from '@/lib/i18n';
import { NewCardDialog } from './lazy-new-card-dialog';
import { useCards } from '@/lib/cards-query';
import { useMakePrimary } from '../api/cards';
import { DeleteCardDialog } from './delete-card-dialog';

const t = words('cards');
const ts = words('shell');

/**
 * The overview's list of the account's cards (docs/decisions/0091-cards-apart-from-accounts.md):
 * each with its views and clicks of all time, to open it, make it the primary one or delete it;
 * and 'New card'.
 */
export function CardsOverview() {
  const cards = useCards({ counts: true });
  const inView = useCardInView();
  const navigate = useNavigate();
  const makePrimary = useMakePrimary();
  const [deleting, setDeleting] = useState<CardListItem | null>(null);
  const [newOpen, setNewOpen] = useState(false);
  const [newAsked, setNewAsked] = useState(false);
  if (newOpen && !newAsked) setNewAsked(true);
  const list = cards.data?.cards ?? [];
  const current = list.find((card) => (inView ? card.id === inView : card.is_primary));
  const primary = list.find((card) => card.is_primary);
  const atLimit = cards.data ? list.length >= cards.data.limit : true;

  const choosePrimary = async (card: CardListItem) => {
    try {
      await makePrimary.mutateAsync(card.id);
      toast.success(t('cards.card_made_primary', { username: card.username }));
    } catch (error) {
      toast.error(errorMessage(error, t('cards.make_primary_failed')));
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>{ts('shell.your_cards')}</CardTitle>
          <CardDescription>
            {cards.data
              ? t('cards.cards_overview_text', { count: list.length, limit: cards.data.limit })
              : t('cards.cards_overview_loading')}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setNewOpen(true)} disabled={atLimit}>
          <Plus className="h-4 w-4" aria-hidden />
          {ts('shell.new_card')}
        </Button>
      </CardHeader>
      <CardContent>
        {cards.isError && !cards.data ? (
          <LoadError
            message={errorMessage(cards.error, ts('shell.cards_failed'))}
            onRetry={() => void cards.refetch()}
            retrying={cards.isFetching}
          />
        ) : cards.isPending ? (
          <Skeleton className="h-20" />
        ) : (
          <ul aria-label={ts('shell.your_cards')} className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((card) => (
              <li key={card.id} className="flex flex-wrap items-center gap-3 py-3">
                <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-sm font-semibold text-white">
                  <Avatar
                    src={card.avatar_url}
                    name={card.name}
                    size={40}
                    imageClassName="h-full w-full object-cover"
                  />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                    <span className="max-w-full truncate">{card.name}</span>
                    {card.is_primary && <Badge>{ts('shell.card_primary')}</Badge>}
                    {card.id === current?.id && (
                      <Badge className="bg-brand-50 text-brand-700 dark:bg-brand-600/15 dark:text-blue-300">
                        {t('cards.card_in_view')}
                      </Badge>
                    )}
                  </p>
                  <p dir="ltr" className="truncate text-start text-sm text-slate-600 dark:text-slate-400">
                    @{card.username}
                  </p>
                </div>
                <dl className="flex gap-4 text-sm">
                  <div className="flex items-center gap-1.5" title={t('cards.card_views')}>
                    <dt>
                      <Eye className="h-4 w-4 text-slate-500" aria-hidden />
                      <span className="sr-only">{t('cards.card_views')}</span>
                    </dt>
                    <dd className="font-semibold tabular-nums">{formatCount(card.views ?? 0)}</dd>
                  </div>
                  <div className="flex items-center gap-1.5" title={t('cards.card_clicks')}>
                    <dt>
                      <MousePointerClick className="h-4 w-4 text-slate-500" aria-hidden />
                      <span className="sr-only">{t('cards.card_clicks')}</span>
                    </dt>
                    <dd className="font-semibold tabular-nums">{formatCount(card.clicks ?? 0)}</dd>
                  </div>
                </dl>
                <div className="flex w-full flex-wrap gap-2 sm:w-auto">
                  {card.id !== current?.id && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void navigate(withCard(paths.dashboard, card.id))}
                      aria-label={t('cards.open_card_named', { username: card.username })}
                    >
                      {t('cards.open_card')}
                    </Button>
                  )}
                  {/* A work card is its organisation's: never primary, never deleted by its member
                      (docs/product.md, Organisations). */}
                  {!card.is_primary && !card.org_id && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void choosePrimary(card)}
                      disabled={makePrimary.isPending}
                      aria-label={t('cards.make_primary_named', { username: card.username })}
                    >
                      {t('cards.make_primary')}
                    </Button>
                  )}
                  {!card.is_primary && !card.org_id && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="text-red-700 dark:text-red-400"
                      onClick={() => setDeleting(card)}
                      aria-label={t('cards.delete_card_named', { username: card.username })}
                    >
                      {t('cards.delete_card')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <DeleteCardDialog
        card={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={(card) => {
          setDeleting(null);
          // The card in view is gone: the primary card takes its place.
          if (card.id === current?.id && primary) void navigate(withCard(paths.dashboard, primary.id));
        }}
      />
      {newAsked && (
        <Suspense fallback={null}>
          <NewCardDialog open={newOpen} onOpenChange={setNewOpen} cards={list} />
        </Suspense>
      )}
    </Card>
  );
}
