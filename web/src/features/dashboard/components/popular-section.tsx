import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { POPULAR_WINDOW_DAYS } from '@common/home-window';
import { Button } from '@/components/ui/button';
import { useHomePopular } from '../api/get-home-popular';
import { HomeListSection } from './home-list-section';

/** The community's most liked tips and guides created in the last 30 days. */
export function PopularSection() {
  const query = useHomePopular();
  return (
    <HomeListSection
      id="home-popular"
      title="Most liked this month"
      description={`Tips and guides from the last ${POPULAR_WINDOW_DAYS} days that members liked most.`}
      query={query}
      empty={{
        icon: Heart,
        title: 'No liked tips or guides this month yet',
        description: 'Like the tips and guides you find useful: the favourites show up here.',
        action: (
          <Button asChild variant="outline">
            <Link to="/explore">Explore tips and guides</Link>
          </Button>
        ),
      }}
    />
  );
}
