import { NotFoundScreen } from '@/components/feedback/NotFoundScreen';
import { notFoundMetadata } from '@/lib/seo/metadata';

export const metadata = notFoundMetadata;

export default function NotFound() {
  return <NotFoundScreen />;
}
