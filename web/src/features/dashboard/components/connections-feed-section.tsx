import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useHomeFeed } from '../api/get-home-feed';
import { HomeListSection } from './home-list-section';

/** What is new from the member's connections: their newest public tips and guides. */
export function ConnectionsFeedSection() {
  const query = useHomeFeed();
  return (
    <HomeListSection
      id="home-feed"
      title="New from your connections"
      description="The latest tips and guides shared by travelers you are connected with."
      query={query}
      empty={{
        icon: Users,
        title: 'Nothing new from your connections yet',
        description: 'Connect with travelers to see their tips here.',
        action: (
          <Button asChild variant="outline">
            <Link to="/connections">Find travelers</Link>
          </Button>
        ),
      }}
    />
  );
}
