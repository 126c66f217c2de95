import { DesignOptions } from '@/features/design-options/components/design-options';
import { useDocumentTitle } from '@/lib/document-title';

export function DesignOptionsRoute() {
  useDocumentTitle('Design Options');
  return <DesignOptions />;
}
