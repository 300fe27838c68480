import { SettingsScreen } from '@/features/security/components/settings-screen';

export function Component() {
  return <SettingsScreen />;
}
