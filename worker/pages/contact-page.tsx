import type { PublicCard } from '../services/public-card';
import { cardLook } from '@shared/card-look';
import { CONTACT_NOTE_MAX, CONTACT_PHONE_MAX, CONTACT_COMPANY_MAX } from '@shared/schemas/contacts';
import { EMAIL_MAX, NAME_MAX } from '@shared/constants';
import { tFor, translateMessage, type ServerKey, type T } from '../lib/i18n';
import { BackToCard } from './back-to-card';
import { Document } from './document';
import { Sentence } from './sentence';

// /p/{username}/contact: a plain HTML form posting to its own address, so a
// visitor shares their contact without any script. Its few rules live here, not in the card's
// stylesheet, so the card's own weight does not grow. Messages are drawn in the card's own text
// colour with a red mark beside them, so they read on any theme.
const FORM_CSS =
  '.contact{max-width:32rem;margin:0 auto;padding:2rem 1rem;display:grid;gap:1rem}' +
  '.contact h1{margin:0}.contact p{margin:0}.contact form{display:grid;gap:.9rem}' +
  '.contact label{display:grid;gap:.3rem;font-weight:600}' +
  '.contact input,.contact textarea{font:inherit;font-weight:400;padding:.55rem .7rem;border-radius:.5rem;border:1px solid var(--mu);background:var(--bg);color:var(--fg);width:100%}' +
  '.contact .opt,.contact .hint{font-weight:400;color:var(--mu)}.contact .hint{display:block;font-size:.9rem}' +
  '.contact .err{font-weight:600;margin:0;padding-inline-start:.5rem;border-inline-start:3px solid #b91c1c}' +
  '.contact .consent{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}' +
  '.contact .consent input{width:1.2rem;height:1.2rem;margin-top:.2rem;flex:none}' +
  '.contact .consent-hint{margin-top:-.6rem;padding-inline-start:1.8rem}' +
  '.contact .alert{border:2px solid #b91c1c;border-radius:.5rem;padding:.75rem 1rem;background:#fff;color:#7f1d1d}' +
  '.contact .btn{justify-self:start}';

export type ContactFormValues = Partial<Record<'name' | 'email' | 'phone' | 'company' | 'note', string>>;
export type ContactFormErrors = Record<string, string[]>;

function Field(props: {
  name: keyof ContactFormValues;
  label: string;
  type?: string;
  autoComplete: string;
  maxLength: number;
  required?: boolean;
  /** Neither required nor optional: one of a pair the visitor must give (the hint with this id says so). */
  oneOf?: string;
  values: ContactFormValues;
  errors: ContactFormErrors;
  t: T;
}) {
  const error = props.errors[props.name]?.[0];
  const errorId = `${props.name}-error`;
  return (
    <label>
      <span>
        {props.label}
        {props.required || props.oneOf ? null : <span className="opt">{` (${props.t('page.optional')})`}</span>}
      </span>
      <input
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        required={props.required}
        defaultValue={props.values[props.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={[props.oneOf, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
      />
      {error ? (
        <p className="err" id={errorId}>
          {error}
        </p>
      ) : null}
    </label>
  );
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/**
 * The form, filled in again with what was sent when something was wrong, in the card's language.
 * `errors` and `message` arrive in the schemas' English and are translated here.
 */
export function ContactPage(props: {
  card: PublicCard;
  values?: ContactFormValues;
  errors?: ContactFormErrors;
  /** A message for the whole form: a bound reached. */
  message?: string;
}) {
  const { card } = props;
  const t = tFor(card.language);
  const say = (english: string) => translateMessage(card.language, english);
  const values = props.values ?? {};
  const errors = Object.fromEntries(
    Object.entries(props.errors ?? {}).map(([field, messages]) => [field, messages.map(say)]),
  );
  const look = cardLook(card);
  const consentError = errors.consent?.[0];
  const problems = Object.values(errors).flat();
  const summary = props.message ? say(props.message) : problems.length > 0 ? t('page.contact_fix') : null;
  const names = { name: card.name, first: firstName(card.name), handle: `@${card.username}` };
  const head = (
    <>
      <title>{t('page.contact_title', { name: card.name })}</title>
      <style dangerouslySetInnerHTML={{ __html: FORM_CSS }} />
    </>
  );
  return (
    <Document head={head} colours={look} language={card.language} noindex>
      <main className="contact">
        <h1>
          <Sentence t={t} id="page.contact_title" names={names} />
        </h1>
        <p>
          <Sentence t={t} id="page.contact_intro" names={names} />
        </p>
        {summary ? (
          <div className="alert" role="alert">
            {summary}
          </div>
        ) : null}
        <form method="post" action={`/p/${card.username}/contact`}>
          <Field
            name="name"
            label={t('page.contact_name')}
            autoComplete="name"
            maxLength={NAME_MAX}
            required
            {...{ values, errors, t }}
          />
          {/* One hint for the pair, seen before either field and read with each. */}
          <p className="hint" id="reach-hint">
            {t('page.contact_reach_hint')}
          </p>
          <Field
            name="email"
            label={t('page.contact_email')}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            oneOf="reach-hint"
            {...{ values, errors, t }}
          />
          <Field
            name="phone"
            label={t('page.contact_phone')}
            type="tel"
            autoComplete="tel"
            maxLength={CONTACT_PHONE_MAX}
            oneOf="reach-hint"
            {...{ values, errors, t }}
          />
          <Field
            name="company"
            label={t('page.contact_company')}
            autoComplete="organization"
            maxLength={CONTACT_COMPANY_MAX}
            {...{ values, errors, t }}
          />
          <label>
            <span>
              {t('page.contact_note')}
              <span className="opt">{` (${t('page.optional')})`}</span>
            </span>
            <textarea
              name="note"
              rows={3}
              maxLength={CONTACT_NOTE_MAX}
              defaultValue={values.note ?? ''}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? 'note-error' : undefined}
            />
            {errors.note ? (
              <p className="err" id="note-error">
                {errors.note[0]}
              </p>
            ) : null}
          </label>
          <label className="consent">
            <input
              type="checkbox"
              name="consent"
              value="yes"
              required
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? 'consent-hint consent-error' : 'consent-hint'}
            />
            <span>
              <Sentence t={t} id="page.contact_consent" names={names} />
            </span>
          </label>
          {/* That the box is required is said on the page, not only by the browser's bubble on sending. */}
          <p className="hint consent-hint" id="consent-hint">
            <Sentence t={t} id="page.contact_consent_hint" names={names} />
          </p>
          {consentError ? (
            <p className="err" id="consent-error">
              {consentError}
            </p>
          ) : null}
          <button className="btn primary" type="submit">
            {t('page.contact_submit')}
          </button>
        </form>
        <p>
          <Sentence t={t} id="page.contact_only" names={names} />
        </p>
        <p>
          <a href={`/p/${card.username}`}>
            <Sentence t={t} id="page.back_to" names={names} />
          </a>
        </p>
      </main>
    </Document>
  );
}

/** A short page in the card's colours and language: a heading, one sentence, the way back to the card. */
function CardNoticePage({
  card,
  title,
  heading,
  text,
}: {
  card: PublicCard;
  title: string;
  heading: string;
  text: ServerKey;
}) {
  const t = tFor(card.language);
  return (
    <Document head={<title>{title}</title>} colours={cardLook(card)} language={card.language} noindex>
      <main className="screen">
        <h1>{heading}</h1>
        <p>
          <Sentence t={t} id={text} names={{ name: card.name, handle: `@${card.username}` }} />
        </p>
        <div className="actions">
          <BackToCard t={t} username={card.username} />
        </div>
      </main>
    </Document>
  );
}

/** After a contact was stored. */
export function ContactSentPage({ card }: { card: PublicCard }) {
  const t = tFor(card.language);
  return (
    <CardNoticePage
      card={card}
      title={t('page.contact_sent_title')}
      heading={t('page.contact_thanks')}
      text="page.contact_received"
    />
  );
}

/**
 * A public card whose owner has turned contact exchange off (Contacts): said so, with the way back
 * to the card, instead of a Page Not Found for a card that is there. The card itself no longer
 * offers the form, so this is reached by an older link.
 */
export function ContactClosedPage({ card }: { card: PublicCard }) {
  const t = tFor(card.language);
  const title = t('page.contact_closed_title');
  return <CardNoticePage card={card} title={title} heading={title} text="page.contact_closed_text" />;
}
