import { LinksScreen } from '@/features/links/components/links-screen';

export function Component() {
  return <LinksScreen />;
}
