import type { PublicCard } from '../services/public-card';
import { cardLook } from '@shared/card-look';
import { CONTACT_NOTE_MAX, CONTACT_PHONE_MAX, CONTACT_COMPANY_MAX } from '@shared/schemas/contacts';
import { EMAIL_MAX, NAME_MAX } from '@shared/constants';
import { Document } from './document';

// /p/{username}/contact: a plain HTML form posting to its own address, so a
// visitor shares their contact without any script. Its few rules live here, not in the card's
// stylesheet, so the card's own weight does not grow. Messages are drawn in the card's own text
// colour with a red mark beside them, so they read on any theme.
const FORM_CSS =
  '.contact{max-width:32rem;margin:0 auto;padding:2rem 1rem;display:grid;gap:1rem}' +
  '.contact h1{margin:0}.contact p{margin:0}.contact form{display:grid;gap:.9rem}' +
  '.contact label{display:grid;gap:.3rem;font-weight:600}' +
  '.contact input,.contact textarea{font:inherit;font-weight:400;padding:.55rem .7rem;border-radius:.5rem;border:1px solid var(--mu);background:var(--bg);color:var(--fg);width:100%}' +
  '.contact .opt{font-weight:400;color:var(--mu)}.contact .err{font-weight:600;margin:0;padding-left:.5rem;border-left:3px solid #b91c1c}' +
  '.contact .consent{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}' +
  '.contact .consent input{width:1.2rem;height:1.2rem;margin-top:.2rem;flex:none}' +
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
  /** What stands after the label instead of '(optional)'. */
  note?: string;
  values: ContactFormValues;
  errors: ContactFormErrors;
}) {
  const error = props.errors[props.name]?.[0];
  const errorId = `${props.name}-error`;
  return (
    <label>
      <span>
        {props.label}
        {props.required ? null : <span className="opt">{` (${props.note ?? 'optional'})`}</span>}
      </span>
      <input
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        required={props.required}
        defaultValue={props.values[props.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
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

/** The form, filled in again with what was sent when something was wrong. */
export function ContactPage(props: {
  card: PublicCard;
  values?: ContactFormValues;
  errors?: ContactFormErrors;
  /** A message for the whole form: a bound reached. */
  message?: string;
}) {
  const { card } = props;
  const values = props.values ?? {};
  const errors = props.errors ?? {};
  const look = cardLook(card);
  const consentError = errors.consent?.[0];
  const problems = Object.values(errors).flat();
  const summary = props.message ?? (problems.length > 0 ? 'Please correct the highlighted fields.' : null);
  const head = (
    <>
      <title>{`Share your contact with ${card.name}`}</title>
      <style dangerouslySetInnerHTML={{ __html: FORM_CSS }} />
    </>
  );
  return (
    <Document head={head} colours={look} noindex>
      <main className="contact">
        <h1>{`Share your contact with ${card.name}`}</h1>
        <p>{`Leave your name and an email or a phone, and ${firstName(card.name)} can get back to you.`}</p>
        {summary ? (
          <div className="alert" role="alert">
            {summary}
          </div>
        ) : null}
        <form method="post" action={`/p/${card.username}/contact`}>
          <Field name="name" label="Name" autoComplete="name" maxLength={NAME_MAX} required {...{ values, errors }} />
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            note="or a phone"
            {...{ values, errors }}
          />
          <Field
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={CONTACT_PHONE_MAX}
            note="or an email"
            {...{ values, errors }}
          />
          <Field
            name="company"
            label="Company"
            autoComplete="organization"
            maxLength={CONTACT_COMPANY_MAX}
            {...{ values, errors }}
          />
          <label>
            <span>
              Note<span className="opt"> (optional)</span>
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
              aria-describedby={consentError ? 'consent-error' : undefined}
            />
            <span>{`I agree that ${card.name} (@${card.username}) will receive these details to get in touch with me.`}</span>
          </label>
          {consentError ? (
            <p className="err" id="consent-error">
              {consentError}
            </p>
          ) : null}
          <button className="btn primary" type="submit">
            Share my contact
          </button>
        </form>
        <p>{`Only ${card.name} sees what you share.`}</p>
        <p>
          <a href={`/p/${card.username}`}>{`Back to @${card.username}`}</a>
        </p>
      </main>
    </Document>
  );
}

/** After a contact was stored. */
export function ContactSentPage({ card }: { card: PublicCard }) {
  return (
    <Document head={<title>Contact shared</title>} colours={cardLook(card)} noindex>
      <main className="screen">
        <h1>Thank you!</h1>
        <p>{`${card.name} has received your contact.`}</p>
        <div className="actions">
          <a className="btn primary" href={`/p/${card.username}`}>
            {`Back to @${card.username}`}
          </a>
        </div>
      </main>
    </Document>
  );
}
