import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';

export function Component() {
  return (
    <SectionErrorBoundary name="templates">
      <TemplatesScreen />
    </SectionErrorBoundary>
  );
}
