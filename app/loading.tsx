import { PageSkeleton } from '@/components/loading/Skeletons';

export default function Loading() {
  return <PageSkeleton />;
}
