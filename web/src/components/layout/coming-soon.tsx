import { Construction } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Placeholder for screens that arrive with later issues; keeps the route table complete. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <Card className="border-dashed">
        <CardHeader className="items-center text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Construction className="size-6" aria-hidden />
          </div>
          <CardTitle>{title} is coming soon</CardTitle>
          <CardDescription>We are still packing for this part of the trip. Check back shortly.</CardDescription>
        </CardHeader>
        <CardContent />
      </Card>
    </div>
  );
}
