import { ContactsScreen } from '@/features/contacts/components/contacts-screen';

export function Component() {
  return <ContactsScreen />;
}
