import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactsScreen } from '@/features/contacts/components/contacts-screen';
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
});
