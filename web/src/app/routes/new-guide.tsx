import { GuideCreateForm } from '@/features/guides/components/guide-create-form';
import { useDocumentTitle } from '@/lib/document-title';

export function NewGuideRoute() {
  useDocumentTitle('Create a Travel Guide');
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="grid gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Create a Travel Guide</h1>
        <p className="text-muted-foreground">Plan a trip day by day from your own tips and anything else worth doing.</p>
      </div>
      <GuideCreateForm />
    </div>
  );
}
