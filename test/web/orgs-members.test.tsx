import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MembersTab } from '@/features/orgs/components/members-tab';
import { renderScreen } from './helpers';
import { csvPreviewResponse } from '@shared/schemas/orgs';
import { answer, failure } from './api/answer';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { aMember, anInvitation, anOrg, aWorkCard, orgsAre } from './api/orgs';
import { calls, server } from './api/server';

// The Members tab (docs/product.md, Organisations): members and roles, work cards and their state,
// invitations by e-mail, by a CSV file checked first, and by the invite link.

const user = () => userEvent.setup({ delay: null });
const ada = aMember({
  user_id: 'acc-ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'member',
  card_id: 'wc-1',
});
const bo = aMember({ user_id: 'acc-bo', name: 'Bo Chen', email: 'bo@example.com', role: 'admin' });

function open(initial: Parameters<typeof orgsAre>[0] = {}, template = aTemplate({ org_id: 'org-1' })) {
  const api = orgsAre({
    orgs: [anOrg({ seats_used: 1, seats: 5 })],
    members: [aMember(), ada, bo],
    cards: [
      aWorkCard(),
      aWorkCard({ id: 'wc-2', username: 'grace-acme', name: '', state: 'invited', holder_id: null }),
      aWorkCard({ id: 'wc-3', username: 'old-acme', name: 'Old Timer', state: 'paused', holder_id: null }),
    ],
    invitations: [anInvitation()],
    ...initial,
  });
  server.use(...api.handlers, ...orgTemplateIs(template));
  renderScreen(<MembersTab orgId="org-1" />, { path: '/dashboard/orgs/org-1/members' });
  return api;
}
const section = async (name: string) => screen.findByRole('region', { name });
const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

describe('the Members tab', () => {
  it('shows the seats, the members with their roles, the work cards with their state and the pending invitations', async () => {
    open();
    expect(await screen.findByText('1 of 5 seats used')).toBeInTheDocument();
    const members = await section('Members');
    expect(await within(members).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(members).getByText('Owner')).toBeInTheDocument();
    expect(within(members).getByLabelText('Role of Bo Chen')).toHaveValue('admin');
    const cards = await section('Work cards');
    const rows = await within(cards).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('@ada-acme');
    expect(rows[0]).toHaveTextContent('Claimed');
    expect(rows[1]).toHaveTextContent('Waiting');
    expect(rows[1]).toHaveTextContent('grace@example.com');
    expect(rows[2]).toHaveTextContent('Paused');
    expect(within(rows[2]!).getByRole('button', { name: 'Reassign' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Reassign' })).toBeNull();
    const invitations = await section('Pending invitations');
    expect(await within(invitations).findByText('grace@example.com')).toBeInTheDocument();
  });

  it('changes a role', async () => {
    open();
    const members = await section('Members');
    await user().selectOptions(await within(members).findByLabelText('Role of Ada Lovelace'), 'admin');
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(sent('PUT', '/v1/orgs/org-1/members/acc-ada')[0]?.body).toEqual({ role: 'admin' });
  });

  it('removes a member after saying the card is paused and its contacts stay', async () => {
    open();
    const members = await section('Members');
    const row = (await within(members).findByText('Ada Lovelace')).closest('li')!;
    await user().click(within(row as HTMLElement).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ada Lovelace?' });
    expect(dialog).toHaveTextContent('Their work card is paused at once');
    expect(dialog).toHaveTextContent('The contacts it made stay with the organisation');
    expect(sent('DELETE', '/v1/orgs/org-1/members/acc-ada')).toHaveLength(0);
    await user().click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Ada Lovelace removed; their card is paused')).toBeInTheDocument();
    expect(sent('DELETE', '/v1/orgs/org-1/members/acc-ada')).toHaveLength(1);
    const cards = await section('Work cards');
    await waitFor(() => expect(within(cards).getAllByText('Paused')).toHaveLength(2));
  });

  it('shows the API’s refusal when a removal fails', async () => {
    open();
    server.use(http.delete('/v1/orgs/org-1/members/:id', () => failure(403, 'The owner cannot be removed')));
    const members = await section('Members');
    const row = (await within(members).findByText('Bo Chen')).closest('li')!;
    await user().click(within(row as HTMLElement).getByRole('button', { name: 'Remove' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The owner cannot be removed')).toBeInTheDocument();
  });

  it('offers the handover to the owner only', async () => {
    open();
    const members = await section('Members');
    await within(members).findByText('Ada Lovelace');
    expect(within(members).getAllByRole('button', { name: 'Make owner' })).toHaveLength(2);
    await user().click(within(members).getAllByRole('button', { name: 'Make owner' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Make Ada Lovelace the owner?' });
    await user().click(within(dialog).getByRole('button', { name: 'Make owner' }));
    expect(await screen.findByText('Ada Lovelace now owns the organisation')).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/owner')[0]?.body).toEqual({ user_id: 'acc-ada' });
  });

  it('offers no handover to an admin', async () => {
    open({ orgs: [anOrg({ role: 'admin' })] });
    const members = await section('Members');
    await within(members).findByText('Ada Lovelace');
    expect(within(members).queryByRole('button', { name: 'Make owner' })).toBeNull();
  });

  it('reassigns a paused card to a member who holds none, under the name given', async () => {
    open();
    const cards = await section('Work cards');
    await user().click(await within(cards).findByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign @old-acme' });
    const holder = within(dialog).getByLabelText('New holder');
    // Ada holds a card already: only those without one are offered.
    expect(within(holder).queryByText(/Ada Lovelace/)).toBeNull();
    await user().selectOptions(holder, 'acc-bo');
    expect(within(dialog).getByLabelText('Name on the card')).toHaveValue('Bo Chen');
    await user().click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText('@old-acme now belongs to Bo Chen')).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/cards/wc-3/reassign')[0]?.body).toEqual({ user_id: 'acc-bo', name: 'Bo Chen' });
  });

  it('shows a name the template locks read-only, with who set it, and sends none', async () => {
    open(
      {},
      aTemplate({
        org_id: 'org-1',
        rules: { ...aTemplate().rules, name: 'locked' },
        locked_values: { name: 'Acme Front Desk' },
      }),
    );
    const cards = await section('Work cards');
    await user().click(await within(cards).findByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign @old-acme' });
    await user().selectOptions(within(dialog).getByLabelText('New holder'), 'acc-bo');
    const name = await within(dialog).findByLabelText('Name on the card');
    expect(name).toHaveValue('Acme Front Desk');
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveAccessibleDescription('Set by Acme Ltd: the card keeps this name');
    await user().click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await screen.findByText('@old-acme now belongs to Acme Front Desk')).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/cards/wc-3/reassign')[0]?.body).toEqual({ user_id: 'acc-bo' });
  });

  it('shows why a reassignment was refused', async () => {
    open();
    server.use(
      http.post('/v1/orgs/org-1/cards/:id/reassign', () => failure(409, 'This member holds a work card here already')),
    );
    const cards = await section('Work cards');
    await user().click(await within(cards).findByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog');
    await user().selectOptions(within(dialog).getByLabelText('New holder'), 'acc-bo');
    await user().click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(await within(dialog).findByText('This member holds a work card here already')).toBeInTheDocument();
  });

  it('deletes a paused card after asking', async () => {
    open();
    const cards = await section('Work cards');
    await user().click(await within(cards).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete @old-acme?' });
    expect(dialog).toHaveTextContent('The contacts it made stay with the organisation');
    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Work card deleted')).toBeInTheDocument();
    expect(sent('DELETE', '/v1/orgs/org-1/cards/wc-3')).toHaveLength(1);
    await waitFor(() => expect(within(cards).queryByText('@old-acme')).toBeNull());
  });

  it('invites several addresses at once and says how many', async () => {
    open();
    await user().type(await screen.findByLabelText('E-mail addresses'), 'x@example.com, y@example.com\nz@example.com');
    await user().click(screen.getByRole('button', { name: 'Send invitations (3)' }));
    expect(await screen.findByText('Invited: 3. Already invited or members: 0.')).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/invitations')[0]?.body).toEqual({
      emails: ['x@example.com', 'y@example.com', 'z@example.com'],
    });
    expect(screen.getByLabelText('E-mail addresses')).toHaveValue('');
  });

  it('names the address the API refused', async () => {
    open();
    server.use(
      http.post('/v1/orgs/org-1/invitations', () =>
        failure(422, 'Validation failed', { 'emails.1': ['Please enter a valid email address'] }),
      ),
    );
    await user().type(await screen.findByLabelText('E-mail addresses'), 'x@example.com nope');
    await user().click(screen.getByRole('button', { name: 'Send invitations (2)' }));
    expect(await screen.findByText('nope: Please enter a valid email address')).toBeInTheDocument();
  });

  it('checks a CSV file first and lists every row’s problem, sending nothing', async () => {
    open();
    server.use(
      http.post('/v1/orgs/org-1/invitations/csv/preview', () =>
        answer(csvPreviewResponse, {
          success: true,
          data: {
            rows: 3,
            new: 1,
            already: 0,
            problems: [
              { line: 2, email: 'not-an-email', problems: ['Please enter a valid email address'] },
              { line: 4, email: '', problems: ['Please enter a valid email address', 'Name is too long'] },
            ],
          },
        }),
      ),
    );
    const file = new File(['email,name\nnot-an-email,X\nok@example.com,Ok\n,Y\n'], 'team.csv', { type: 'text/csv' });
    await screen.findByRole('button', { name: 'Choose a CSV file' });
    await user().upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(await screen.findByText(/Rows with a problem: 2/)).toBeInTheDocument();
    expect(screen.getByText(/Please enter a valid email address; Name is too long/)).toBeInTheDocument();
    expect(screen.getByText('Line 2')).toBeInTheDocument();
    expect(screen.getByText('Line 4')).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/invitations/csv/preview')[0]?.body).toEqual({
      csv: 'email,name\nnot-an-email,X\nok@example.com,Ok\n,Y\n',
    });
    expect(screen.queryByRole('button', { name: /Send invitations \(1\)/ })).toBeNull();
    expect(sent('POST', '/v1/orgs/org-1/invitations/csv')).toHaveLength(0);
  });

  it('sends a CSV file once its check finds no problem', async () => {
    open();
    const text = 'email,name\nx@example.com,X\ny@example.com,Y\n';
    await screen.findByRole('button', { name: 'Choose a CSV file' });
    await user().upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([text], 'team.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('2 rows: 2 to invite, 0 already invited or members.')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Send invitations (2)' }));
    expect(await screen.findByText('Invited: 2. Already invited or members: 0.')).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/invitations/csv')[0]?.body).toEqual({ csv: text });
  });

  it('resends and withdraws a pending invitation', async () => {
    open();
    await user().click(await screen.findByRole('button', { name: 'Resend the invitation to grace@example.com' }));
    expect(await screen.findByText(/Invitation sent to grace@example.com again/)).toBeInTheDocument();
    expect(sent('POST', '/v1/orgs/org-1/invitations/inv-1/resend')).toHaveLength(1);
    await user().click(screen.getByRole('button', { name: 'Withdraw the invitation to grace@example.com' }));
    expect(await screen.findByText('Invitation to grace@example.com withdrawn')).toBeInTheDocument();
    expect(sent('DELETE', '/v1/orgs/org-1/invitations/inv-1')).toHaveLength(1);
    expect(await screen.findByText('No invitations are waiting.')).toBeInTheDocument();
  });

  it('turns the invite link on, shows it to copy, and off again', async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: /Anyone with the link/ });
    await user().click(toggle);
    expect(await screen.findByRole('textbox', { name: 'Invite link' })).toHaveValue(
      'http://localhost/dashboard/join?token=org-1.secret-of-the-link',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await user().click(screen.getByRole('switch', { name: /Anyone with the link/ }));
    expect(await screen.findByText('Invite link off')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Invite link' })).toBeNull();
    expect(sent('POST', '/v1/orgs/org-1/invite-link')).toHaveLength(1);
    expect(sent('DELETE', '/v1/orgs/org-1/invite-link')).toHaveLength(1);
  });

  it('says so when every list is empty', async () => {
    open({ members: [aMember()], cards: [], invitations: [] });
    expect(await screen.findByText(/No work cards yet/)).toBeInTheDocument();
    expect(await screen.findByText('No invitations are waiting.')).toBeInTheDocument();
  });
});
