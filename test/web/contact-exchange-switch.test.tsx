import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contactsListResponse } from '@shared/schemas/contacts';
import { userResponse } from '@shared/schemas/user';
import { ContactsScreen } from '@/features/contacts/components/contacts-screen';
import { answer } from './api/answer';
import { contactsAre } from './api/contacts';
import { profileIs, profileUpdatedFrom } from './api/profile';
import { calls, server } from './api/server';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

describe("Contacts: 'Let visitors share their contact'", () => {
  it('sends the switch alone, so a name changed meanwhile in another tab is not put back', async () => {
    // This screen read Jane; another tab has since renamed the card.
    const read = aUser({ contact_exchange: false });
    server.use(
      profileIs(read),
      contactsAre([], { contact_exchange: false, notify: true }),
      profileUpdatedFrom({ ...read, name: 'Renamed Elsewhere', username: 'renamed-elsewhere' }),
    );
    const user = userEvent.setup();
    renderScreen(<ContactsScreen />);
    const toggle = await screen.findByRole('switch', { name: 'Let visitors share their contact' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText("Your card now shows 'Share your contact'")).toBeInTheDocument();
    const sent = calls.find((call) => call.path === '/v1/user/profile/update')?.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({ contact_exchange: '1' });
  });

  it("shows 'Email me each new contact' off and waiting while visitors cannot share, whatever is stored", async () => {
    // A new card: exchange off, the mail's stored default on.
    const read = aUser({ contact_exchange: false });
    let exchange = false;
    server.use(
      profileIs(read),
      http.get('/v1/user/contacts', () =>
        answer(contactsListResponse, {
          success: true,
          data: { contacts: [], total: 0, contact_exchange: exchange, notify: true },
          message: 'Contacts retrieved successfully',
        }),
      ),
      http.post('/v1/user/profile/update', () => {
        exchange = true;
        return answer(userResponse, {
          success: true,
          data: { ...read, contact_exchange: true },
          message: 'Profile updated successfully',
        });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<ContactsScreen />);
    const mail = await screen.findByRole('switch', { name: 'Email me each new contact' });
    expect(mail).not.toBeChecked();
    expect(mail).toBeDisabled();
    expect(mail).toHaveAccessibleDescription(
      "Turn on 'Let visitors share their contact' first: with it off, there is nothing to email.",
    );

    // Visitors may share now: the mail switch shows the owner's stored choice and can be changed.
    const toggle = screen.getByRole('switch', { name: 'Let visitors share their contact' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(mail).toBeChecked());
    expect(mail).toBeEnabled();
    expect(mail).toHaveAccessibleDescription(
      "A message to your account's address whenever a visitor shares their contact.",
    );
    // Nothing was written for the mail: the stored choice was only shown as it is.
    expect(calls.filter((call) => call.path === '/v1/user/contacts/settings')).toEqual([]);
  });
});
