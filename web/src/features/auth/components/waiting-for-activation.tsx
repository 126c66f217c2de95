import { Hourglass, LogOut } from 'lucide-react';
import { PRODUCT_NAME, TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
type WaitingForActivationProps = { email: string; isSigningOut: boolean; onSignOut: () => void };

/**
 * docs/product.md#roles: a pending account sees only this screen until an admin activates it. Sign-out is passed in
 * so the route guard that shows this screen knows the session ended on purpose.
 */
export function WaitingForActivation({ email, isSigningOut, onSignOut }: WaitingForActivationProps) {
  return (
    <Card className="w-full max-w-md text-center">
      <CardHeader className="items-center">
        <div className="mx-auto mb-2 flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Hourglass className="size-7" aria-hidden />
        </div>
        <CardTitle className="text-2xl">Almost there!</CardTitle>
        <CardDescription className="text-base">{TEXTS.accountPendingActivation}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          You are signed in as <span className="font-medium break-all text-foreground">{email}</span>. As soon as an admin
          activates your account you will have full access to {PRODUCT_NAME}.
        </p>
        <Button variant="outline" className="w-full" disabled={isSigningOut} onClick={onSignOut}>
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </CardContent>
    </Card>
  );
}
