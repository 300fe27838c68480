import { http } from 'msw';
import { contactsListResponse, type Contact } from '@shared/schemas/contacts';
import { answer } from './answer';

/** The contacts list's answer: these contacts, newest first as the Worker sends them. */
export const contactsAnswer = (contacts: Contact[], settings = { contact_exchange: true, notify: true }) =>
  answer(contactsListResponse, {
    success: true,
    data: { contacts, total: contacts.length, ...settings },
    message: 'Contacts retrieved successfully',
  });

/** GET /v1/user/contacts answers these contacts, newest first as the Worker sends them. */
export const contactsAre = (contacts: Contact[], settings = { contact_exchange: true, notify: true }) =>
  http.get('/v1/user/contacts', () => contactsAnswer(contacts, settings));
