import { DesignOptions } from '@/features/design-options/components/design-options';

export function DesignOptionsRoute() {
  return <DesignOptions />;
}
