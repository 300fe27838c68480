import { ThemesScreen } from '@/features/themes/components/themes-screen';

export function Component() {
  return <ThemesScreen />;
}
