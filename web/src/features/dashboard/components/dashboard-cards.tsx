import { Link } from 'react-router';
import { BookOpen, Lightbulb, Users, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type DashboardCard = {
  title: string;
  description: string;
  action: string;
  to: string;
  icon: LucideIcon;
  tint: string;
};

const CARDS: DashboardCard[] = [
  {
    title: 'Travel Tips',
    description: 'Discover hidden gems, places to eat and stay, and honest costs from fellow travelers.',
    action: 'Explore Tips',
    to: '/tips',
    icon: Lightbulb,
    tint: 'bg-accent text-accent-foreground',
  },
  {
    title: 'Travel Guides',
    description: 'Follow day-by-day itineraries built by members who have been there.',
    action: 'Browse Guides',
    to: '/tips',
    icon: BookOpen,
    tint: 'bg-secondary text-secondary-foreground',
  },
  {
    title: 'Community',
    description: 'Connect with travelers, swap stories and plan your next adventure together.',
    action: 'Join Community',
    to: '/connections',
    icon: Users,
    tint: 'bg-primary/10 text-primary',
  },
];

export function DashboardCards() {
  return (
    <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
      {CARDS.map(({ title, description, action, to, icon: Icon, tint }) => (
        <Card key={title} className="flex flex-col transition-shadow hover:shadow-md">
          <CardHeader>
            <div className={`mb-2 flex size-12 items-center justify-center rounded-xl ${tint}`}>
              <Icon className="size-6" aria-hidden />
            </div>
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button asChild className="w-full">
              <Link to={to}>{action}</Link>
            </Button>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
